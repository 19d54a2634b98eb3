internal import CLibXML2
import Foundation

/// Reads the usual shape of an Atom payload straight from its bytes and feeds `AtomReader` the callbacks
/// libxml2's SAX2 parser would (the same interned names, namespace URIs, attribute layout and text), at a
/// fraction of libxml2's cost per element: names are interned through a small cache in front of the
/// parser dictionary, and text and attribute values are scanned with one table look-up per byte.
///
/// It accepts only a conservative subset of XML 1.0 with namespaces, and only documents libxml2 accepts
/// the same way: UTF-8 text; an XML declaration of version 1.0; ASCII element and attribute names;
/// character references and the predefined entities (except `&amp;` and `&#38;` in attribute values,
/// which libxml2 passes on as `&#38;`); line ends (CR LF, CR) read as line feeds, and tab and line feed
/// in attribute values as spaces. Anything else — a DOCTYPE, comments, processing instructions, CDATA
/// sections, other entity references, non-ASCII names, deep nesting, very long values, any well-formedness
/// or namespace error, and any failure of the reader itself — makes it give up (`run` returns false) and
/// the session parses the payload again with libxml2 from the start, so that such documents and every
/// error are read and reported exactly as libxml2 reads them.
final class AtomDirectScanner {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    @exclusivity(unchecked) var position = 0
    let dictionary: OpaquePointer
    let reader: AtomReader
    /// Names and namespace URIs already interned: by a hash of their bytes (see `intern`).
    let internCache: UnsafeMutablePointer<InternEntry>
    /// The namespace bindings in scope, innermost last (a nil prefix is the default namespace; a nil URI
    /// undeclares it).
    @exclusivity(unchecked) var namespaces: [(prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?)] = []
    /// The open elements: where their qualified name is in the input and how many bindings they declared.
    @exclusivity(unchecked) var elements = AtomStack<OpenElement>()
    /// The attributes of the start tag being read (`attributeCount` of them).
    @exclusivity(unchecked) var attributes: UnsafeMutablePointer<PendingAttribute>
    @exclusivity(unchecked) var attributeCount = 0
    /// Attribute values that differ from their bytes in the input (references, normalized white space).
    let valueScratch = ByteScratch()
    /// The attribute array handed to the reader: five pointers per attribute, as libxml2 lays it out.
    @exclusivity(unchecked) var attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    /// The room in `attributes` and `attributeArray` (in attributes).
    @exclusivity(unchecked) var attributeCapacity = 8
    let nameClass = AtomByteClasses.shared.name
    let textClass = AtomByteClasses.shared.text
    let valueClass = AtomByteClasses.shared.value
    let xmlPrefix: UnsafePointer<UInt8>
    let xmlnsName: UnsafePointer<UInt8>
    let xmlNamespace: UnsafePointer<UInt8>

    /// The deepest element nesting read here (libxml2 allows 256 levels; the reader bounds its own).
    static let maximumDepth = 200
    /// The longest text run or attribute value read here (libxml2 limits some to 10,000,000 bytes).
    static let maximumValueLength = 1_000_000

    struct InternEntry {
        var hash: UInt32 = 0
        var count = -1
        var pointer: UnsafePointer<UInt8>?
    }

    /// An attribute value: `start..<end` of the input, or of `valueScratch` when `inScratch`.
    struct AttributeValue {
        var start: Int
        var end: Int
        var inScratch: Bool
    }

    struct OpenElement {
        var nameStart: Int
        var nameCount: Int
        var bindings: Int
    }

    struct PendingAttribute {
        var name: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        var start: Int
        var end: Int
        var inScratch: Bool
    }

    static let internSlots = 512

    /// A scanner of `bytes` (UTF-8) for `reader`, whose names are interned in `dictionary`.
    init?(_ bytes: UnsafeRawBufferPointer, dictionary: OpaquePointer, reader: AtomReader) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        self.bytes = base.assumingMemoryBound(to: UInt8.self)
        self.count = bytes.count
        self.dictionary = dictionary
        self.reader = reader
        internCache = .allocate(capacity: Self.internSlots)
        internCache.initialize(repeating: InternEntry(), count: Self.internSlots)
        attributeArray = .allocate(capacity: attributeCapacity * 5)
        attributes = .allocate(capacity: attributeCapacity)
        func lookup(_ text: StaticString) -> UnsafePointer<UInt8>? {
            text.withUTF8Buffer { xmlDictLookup(dictionary, $0.baseAddress, Int32($0.count)) }
        }
        guard let xml = lookup("xml"), let xmlns = lookup("xmlns"), let xmlURI = lookup("http://www.w3.org/XML/1998/namespace")
        else {
            internCache.deallocate()
            attributeArray.deallocate()
            attributes.deallocate()
            return nil
        }
        xmlPrefix = xml
        xmlnsName = xmlns
        xmlNamespace = xmlURI
    }

    deinit {
        internCache.deallocate()
        attributeArray.deallocate()
        attributes.deallocate()
    }

    // MARK: Document

    /// Reads the whole document into the reader; false when the scanner gave up (the reader is then spent).
    func run() -> Bool {
        guard declaration() else { return false }
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: "<"), startTag() else { return false }
        while !elements.isEmpty {
            guard position < count else { return false }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                guard position + 1 < count else { return false }
                if bytes[position + 1] == UInt8(ascii: "/") {
                    guard endTag() else { return false }
                } else {
                    guard startTag() else { return false }
                }
            } else if byte == UInt8(ascii: "&") {
                guard reference() else { return false }
            } else {
                guard text() else { return false }
            }
        }
        skipSpace()
        return position == count
    }

    /// Whether the reader asked to stop (a failure, or an error document): the session then reruns libxml2.
    @inline(__always)
    var readerStopped: Bool { reader.hasFailed || reader.isErrorDocument }

    /// An optional `<?xml version="1.0" encoding="…" standalone="…"?>` at the very start.
    func declaration() -> Bool {
        guard matches("<?xml") else { return true }
        position += 5
        guard skipSpace() > 0, matches("version"), skipEquals(after: 7), let version = quoted() else { return false }
        guard version.count == 3, bytesEqual(version.start, "1.0") else { return false }
        var spaced = skipSpace() > 0
        if spaced, matches("encoding") {
            guard skipEquals(after: 8), let name = quoted(), isEncodingName(name) else { return false }
            spaced = skipSpace() > 0
        }
        if spaced, matches("standalone") {
            guard skipEquals(after: 10), let value = quoted() else { return false }
            guard (value.count == 3 && bytesEqual(value.start, "yes")) || (value.count == 2 && bytesEqual(value.start, "no"))
            else { return false }
            skipSpace()
        }
        guard matches("?>") else { return false }
        position += 2
        return true
    }

    func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        return position + length <= count && bytesEqual(position, literal)
    }

    func bytesEqual(_ start: Int, _ literal: StaticString) -> Bool {
        memcmp(bytes + start, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Skips `length` bytes of a keyword, then `S? = S?`.
    func skipEquals(after length: Int) -> Bool {
        position += length
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        skipSpace()
        return true
    }

    /// A quoted declaration value of ASCII letters, digits, `.`, `_` and `-`.
    func quoted() -> (start: Int, count: Int)? {
        guard position < count else { return nil }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let start = position + 1
        var index = start
        while index < count, bytes[index] != quote {
            let byte = bytes[index]
            guard nameClass[Int(byte)] != 0 else { return nil }
            index += 1
        }
        guard index < count else { return nil }
        position = index + 1
        return (start, index - start)
    }

    func isEncodingName(_ name: (start: Int, count: Int)) -> Bool {
        guard name.count > 0, nameClass[Int(bytes[name.start])] == 2 else { return false }
        return bytes[name.start] != UInt8(ascii: "_")
    }

    /// Skips white space (space, tab, line feed, carriage return).
    @discardableResult
    @inline(__always)
    func skipSpace() -> Int {
        let start = position
        while position < count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { break }
            position += 1
        }
        return position - start
    }

    // MARK: Names

    /// Reads a name (`NCName` or `prefix:NCName`, ASCII) at `position`: its local part and prefix interned.
    @inline(__always)
    func qualifiedName() -> (local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)? {
        guard let first = ncName() else { return nil }
        guard position < count, bytes[position] == UInt8(ascii: ":") else { return (first, nil) }
        position += 1
        guard let local = ncName(), position < count, bytes[position] != UInt8(ascii: ":") else { return nil }
        return (local, first)
    }

    /// An ASCII `NCName`, interned; nil at anything else.
    @inline(__always)
    func ncName() -> UnsafePointer<UInt8>? {
        let start = position
        guard start < count, nameClass[Int(bytes[start])] == 2 else { return nil }
        var index = start + 1
        while index < count, nameClass[Int(bytes[index])] != 0 { index += 1 }
        // A non-ASCII byte may continue a name for libxml2: not read here.
        let length = index - start
        guard index < count, bytes[index] < 0x80, length <= 1000 else { return nil }
        position = index
        // The cache key: the length and the first, middle and last bytes (names differ early or in length).
        let key =
            UInt32(truncatingIfNeeded: length) << 24 ^ UInt32(bytes[start]) << 16 ^ UInt32(bytes[start + length / 2]) << 8
            ^ UInt32(bytes[index - 1])
        return intern(start, length, hash: key)
    }

    /// The dictionary's copy of `bytes[start..<start + length]`, found through the cache when seen before
    /// (open addressing: the slot of `hash` and the next three).
    @inline(__always)
    func intern(_ start: Int, _ length: Int, hash: UInt32) -> UnsafePointer<UInt8>? {
        let home = Int((hash &* 0x9E37_79B1) >> 23)
        var probe = 0
        while probe < 4 {
            let slot = internCache + ((home + probe) & (Self.internSlots - 1))
            guard let known = slot.pointee.pointer else { break }
            if slot.pointee.hash == hash, slot.pointee.count == length, Self.equal(known, bytes + start, length) { return known }
            probe += 1
        }
        guard let interned = xmlDictLookup(dictionary, bytes + start, Int32(length)) else { return nil }
        // An empty slot of the four, or the home slot when all are taken.
        internCache[(home + (probe < 4 ? probe : 0)) & (Self.internSlots - 1)] = InternEntry(hash: hash, count: length, pointer: interned)
        return interned
    }

    /// Whether the `length` bytes at `first` and `second` are equal.
    @inline(__always)
    static func equal(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        memcmp(first, second, length) == 0
    }

    /// The namespace URI bound to `prefix` (nil: the default namespace); `.none` when unbound.
    @inline(__always)
    func namespaceURI(_ prefix: UnsafePointer<UInt8>?) -> UnsafePointer<UInt8>?? {
        if prefix == xmlPrefix { return .some(xmlNamespace) }
        var index = namespaces.count - 1
        while index >= 0 {
            if namespaces[index].prefix == prefix { return .some(namespaces[index].uri) }
            index -= 1
        }
        return prefix == nil ? .some(nil) : nil
    }
}
