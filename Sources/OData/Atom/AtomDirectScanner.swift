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
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    @exclusivity(unchecked) private var position = 0
    private let dictionary: OpaquePointer
    private let reader: AtomReader
    /// Names and namespace URIs already interned: by a hash of their bytes (see `intern`).
    private let internCache: UnsafeMutablePointer<InternEntry>
    /// The namespace bindings in scope, innermost last (a nil prefix is the default namespace; a nil URI
    /// undeclares it).
    @exclusivity(unchecked) private var namespaces: [(prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?)] = []
    /// The open elements: where their qualified name is in the input and how many bindings they declared.
    @exclusivity(unchecked) private var elements = AtomStack<OpenElement>()
    /// The attributes of the start tag being read (`attributeCount` of them).
    @exclusivity(unchecked) private var attributes: UnsafeMutablePointer<PendingAttribute>
    @exclusivity(unchecked) private var attributeCount = 0
    /// Attribute values that differ from their bytes in the input (references, normalized white space).
    private let valueScratch = ByteScratch()
    /// The attribute array handed to the reader: five pointers per attribute, as libxml2 lays it out.
    @exclusivity(unchecked) private var attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    /// The room in `attributes` and `attributeArray` (in attributes).
    @exclusivity(unchecked) private var attributeCapacity = 8
    private let nameClass = AtomByteClasses.shared.name
    private let textClass = AtomByteClasses.shared.text
    private let valueClass = AtomByteClasses.shared.value
    private let xmlPrefix: UnsafePointer<UInt8>
    private let xmlnsName: UnsafePointer<UInt8>
    private let xmlNamespace: UnsafePointer<UInt8>

    /// The deepest element nesting read here (libxml2 allows 256 levels; the reader bounds its own).
    static let maximumDepth = 200
    /// The longest text run or attribute value read here (libxml2 limits some to 10,000,000 bytes).
    static let maximumValueLength = 1_000_000

    private struct InternEntry {
        var hash: UInt32 = 0
        var count = -1
        var pointer: UnsafePointer<UInt8>?
    }

    /// An attribute value: `start..<end` of the input, or of `valueScratch` when `inScratch`.
    private struct AttributeValue {
        var start: Int
        var end: Int
        var inScratch: Bool
    }

    private struct OpenElement {
        var nameStart: Int
        var nameCount: Int
        var bindings: Int
    }

    private struct PendingAttribute {
        var name: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        var start: Int
        var end: Int
        var inScratch: Bool
    }

    private static let internSlots = 512

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
    private var readerStopped: Bool { reader.hasFailed || reader.isErrorDocument }

    /// An optional `<?xml version="1.0" encoding="…" standalone="…"?>` at the very start.
    private func declaration() -> Bool {
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

    private func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        return position + length <= count && bytesEqual(position, literal)
    }

    private func bytesEqual(_ start: Int, _ literal: StaticString) -> Bool {
        memcmp(bytes + start, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Skips `length` bytes of a keyword, then `S? = S?`.
    private func skipEquals(after length: Int) -> Bool {
        position += length
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        skipSpace()
        return true
    }

    /// A quoted declaration value of ASCII letters, digits, `.`, `_` and `-`.
    private func quoted() -> (start: Int, count: Int)? {
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

    private func isEncodingName(_ name: (start: Int, count: Int)) -> Bool {
        guard name.count > 0, nameClass[Int(bytes[name.start])] == 2 else { return false }
        return bytes[name.start] != UInt8(ascii: "_")
    }

    /// Skips white space (space, tab, line feed, carriage return).
    @discardableResult
    @inline(__always)
    private func skipSpace() -> Int {
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
    private func qualifiedName() -> (local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)? {
        guard let first = ncName() else { return nil }
        guard position < count, bytes[position] == UInt8(ascii: ":") else { return (first, nil) }
        position += 1
        guard let local = ncName(), position < count, bytes[position] != UInt8(ascii: ":") else { return nil }
        return (local, first)
    }

    /// An ASCII `NCName`, interned; nil at anything else.
    @inline(__always)
    private func ncName() -> UnsafePointer<UInt8>? {
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
    private func intern(_ start: Int, _ length: Int, hash: UInt32) -> UnsafePointer<UInt8>? {
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
    private static func equal(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        memcmp(first, second, length) == 0
    }

    /// The namespace URI bound to `prefix` (nil: the default namespace); `.none` when unbound.
    @inline(__always)
    private func namespaceURI(_ prefix: UnsafePointer<UInt8>?) -> UnsafePointer<UInt8>?? {
        if prefix == xmlPrefix { return .some(xmlNamespace) }
        var index = namespaces.count - 1
        while index >= 0 {
            if namespaces[index].prefix == prefix { return .some(namespaces[index].uri) }
            index -= 1
        }
        return prefix == nil ? .some(nil) : nil
    }

    // MARK: Tags

    /// A start tag at `position` (at its `<`), with its attributes; an empty element also ends here.
    private func startTag() -> Bool {
        let nameStart = position + 1
        position = nameStart
        guard elements.count < Self.maximumDepth, let name = qualifiedName() else { return false }
        let nameCount = position - nameStart
        let bindingsBefore = namespaces.count
        attributeCount = 0
        valueScratch.count = 0
        var empty = false
        while true {
            let spaced = skipSpace() > 0
            guard position < count else { return false }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < count, bytes[position + 1] == UInt8(ascii: ">") else { return false }
                position += 2
                empty = true
                break
            }
            guard spaced, attribute(bindingsBefore: bindingsBefore) else { return false }
        }
        guard let uri = namespaceURI(name.prefix), resolveAttributes() else { return false }
        reader.startElement(name.local, uri: uri, attributes: AtomAttributes(base: attributeArray, count: attributeCount))
        guard !readerStopped else { return false }
        if empty {
            reader.endElement()
            namespaces.removeSubrange(bindingsBefore...)
            return !readerStopped
        }
        elements.push(OpenElement(nameStart: nameStart, nameCount: nameCount, bindings: namespaces.count - bindingsBefore))
        return true
    }

    /// One `name="value"` of a start tag; namespace declarations are bound, others kept in `attributes`.
    private func attribute(bindingsBefore: Int) -> Bool {
        guard let name = qualifiedName() else { return false }
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        skipSpace()
        guard let value = attributeValue() else { return false }
        if name.prefix == nil, name.local == xmlnsName {
            return bind(prefix: nil, value: value, bindingsBefore: bindingsBefore)
        }
        if name.prefix == xmlnsName {
            // `xmlns:xml` and `xmlns:xmlns` are libxml2's to judge.
            guard name.local != xmlPrefix, name.local != xmlnsName, value.end > value.start else { return false }
            return bind(prefix: name.local, value: value, bindingsBefore: bindingsBefore)
        }
        if attributeCount == attributeCapacity { growAttributes() }
        attributes[attributeCount] = PendingAttribute(
            name: name.local, prefix: name.prefix, start: value.start, end: value.end, inScratch: value.inScratch)
        attributeCount += 1
        return true
    }

    /// Binds `prefix` to the URI `value` for this element, as libxml2 does (a URI it cannot parse, a
    /// reserved URI or a second binding of the prefix in one tag: given up).
    private func bind(prefix: UnsafePointer<UInt8>?, value: AttributeValue, bindingsBefore: Int) -> Bool {
        let start = value.inScratch ? UnsafePointer(valueScratch.pointer) + value.start : bytes + value.start
        let length = value.end - value.start
        guard let uri = xmlDictLookup(dictionary, start, Int32(length)) else { return false }
        for index in bindingsBefore..<namespaces.count where namespaces[index].prefix == prefix { return false }
        if length == 0 {
            namespaces.append((prefix, nil))
            return true
        }
        guard uri != xmlNamespace, strcmp(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), "http://www.w3.org/2000/xmlns/") != 0,
            let parsed = xmlParseURI(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self))
        else { return false }
        xmlFreeURI(parsed)
        namespaces.append((prefix, uri))
        return true
    }

    private func growAttributes() {
        let newCapacity = attributeCapacity * 2
        let newAttributes = UnsafeMutablePointer<PendingAttribute>.allocate(capacity: newCapacity)
        newAttributes.moveInitialize(from: attributes, count: attributeCount)
        attributes.deallocate()
        attributes = newAttributes
        attributeArray.deallocate()
        attributeArray = .allocate(capacity: newCapacity * 5)
        attributeCapacity = newCapacity
    }

    /// Resolves the attributes' namespaces, refuses duplicates, and lays them out for the reader.
    private func resolveAttributes() -> Bool {
        let total = attributeCount
        guard total > 0 else { return true }
        let scratch = UnsafePointer(valueScratch.pointer)
        for index in 0..<total {
            let attribute = attributes[index]
            var uri: UnsafePointer<UInt8>?
            if let prefix = attribute.prefix {
                guard let bound = namespaceURI(prefix), let bound else { return false }
                uri = bound
            }
            for earlier in 0..<index where attributes[earlier].name == attribute.name {
                if attributes[earlier].prefix == attribute.prefix { return false }
                if uri != nil, attributeArray[earlier * 5 + 2] == uri { return false }
            }
            let base = attribute.inScratch ? scratch : bytes
            let entry = attributeArray + index * 5
            entry[0] = attribute.name
            entry[1] = attribute.prefix
            entry[2] = uri
            entry[3] = base + attribute.start
            entry[4] = base + attribute.end
        }
        return true
    }

    /// An end tag at `position` (at its `</`) that closes the innermost open element.
    private func endTag() -> Bool {
        guard !elements.isEmpty else { return false }
        let open = elements.top
        let start = position + 2
        guard start + open.nameCount < count, Self.equal(bytes + start, bytes + open.nameStart, open.nameCount) else { return false }
        position = start + open.nameCount
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: ">") else { return false }
        position += 1
        _ = elements.pop()
        reader.endElement()
        if open.bindings > 0 { namespaces.removeLast(open.bindings) }
        return !readerStopped
    }

    // MARK: Values

    /// An attribute value at `position` (at its quote): in place, or in `valueScratch` when it has references
    /// or white space to normalize.
    private func attributeValue() -> AttributeValue? {
        guard position < count else { return nil }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let start = position + 1
        var index = start
        while index < count {
            let byte = bytes[index]
            if valueClass[Int(byte)] == 0 {
                index += 1
                continue
            }
            if byte == quote {
                guard index - start <= Self.maximumValueLength else { return nil }
                position = index + 1
                return AttributeValue(start: start, end: index, inScratch: false)
            }
            if byte >= 0x80 {
                guard let length = scalarLength(at: index) else { return nil }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                continue
            }
            // A reference, or white space to normalize: the value is built in the scratch buffer.
            break
        }
        guard index < count else { return nil }
        let scratchStart = valueScratch.count
        valueScratch.append(bytes + start, count: index - start)
        while index < count {
            let byte = bytes[index]
            if byte == quote { break }
            switch byte {
            case 0x09, 0x0A:
                valueScratch.append(0x20)
                index += 1
            case 0x0D:
                // A line end (CR LF or a lone CR) reads as one line feed, normalized to a space.
                valueScratch.append(0x20)
                index += 1
                if index < count, bytes[index] == 0x0A { index += 1 }
            case UInt8(ascii: "&"):
                position = index
                guard let scalar = referencedScalar(), scalar != 0x26 else { return nil }
                appendUTF8(scalar)
                index = position
            case 0x80...:
                guard let length = scalarLength(at: index) else { return nil }
                valueScratch.append(bytes + index, count: length)
                index += length
            case 0x20...0x7F where byte != UInt8(ascii: "<"):
                valueScratch.append(byte)
                index += 1
            default: return nil
            }
        }
        guard index < count, valueScratch.count - scratchStart <= Self.maximumValueLength else { return nil }
        position = index + 1
        return AttributeValue(start: scratchStart, end: valueScratch.count, inScratch: true)
    }

    private func appendUTF8(_ scalar: UInt32) {
        withUTF8(scalar) { valueScratch.append($0, count: $1) }
    }

    /// `body` over the UTF-8 bytes of `scalar` (an XML character).
    private func withUTF8(_ scalar: UInt32, _ body: (UnsafePointer<UInt8>, Int) -> Void) {
        var units: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &units) { raw in
            let out = raw.bindMemory(to: UInt8.self)
            let length: Int
            switch scalar {
            case ..<0x80:
                out[0] = UInt8(scalar)
                length = 1
            case ..<0x800:
                out[0] = UInt8(0xC0 | scalar >> 6)
                out[1] = UInt8(0x80 | scalar & 0x3F)
                length = 2
            case ..<0x10000:
                out[0] = UInt8(0xE0 | scalar >> 12)
                out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[2] = UInt8(0x80 | scalar & 0x3F)
                length = 3
            default:
                out[0] = UInt8(0xF0 | scalar >> 18)
                out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[3] = UInt8(0x80 | scalar & 0x3F)
                length = 4
            }
            body(UnsafePointer(out.baseAddress!), length)
        }
    }

    /// Text up to the next `<` or `&`, handed to the reader; a line end (CR LF or a lone CR) as a line feed.
    private func text() -> Bool {
        var start = position
        var index = start
        while index < count {
            let byte = bytes[index]
            if textClass[Int(byte)] == 0 {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            if byte == UInt8(ascii: "]") {
                // `]]>` outside a CDATA section is an error for libxml2.
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "]"), bytes[index + 2] == UInt8(ascii: ">") { return false }
                index += 1
                continue
            }
            if byte == 0x0D {
                guard index - start <= Self.maximumValueLength else { return false }
                if index > start { reader.characters(bytes + start, count: index - start) }
                withUnsafePointer(to: UInt8(0x0A)) { reader.characters($0, count: 1) }
                index += 1
                if index < count, bytes[index] == 0x0A { index += 1 }
                start = index
                continue
            }
            guard byte >= 0x80, let length = scalarLength(at: index) else { return false }
            index += length
        }
        guard index - start <= Self.maximumValueLength else { return false }
        position = index
        if index > start { reader.characters(bytes + start, count: index - start) }
        return true
    }

    /// A reference in text (at its `&`): its character handed to the reader.
    private func reference() -> Bool {
        guard let scalar = referencedScalar() else { return false }
        withUTF8(scalar) { reader.characters($0, count: $1) }
        return !readerStopped
    }

    /// The character a reference at `position` (at its `&`) stands for: a character reference to an XML
    /// character, or one of the five predefined entities; nil for anything else.
    private func referencedScalar() -> UInt32? {
        var index = position + 1
        guard index < count else { return nil }
        var value: UInt32 = 0
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < count && bytes[index] == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            while index < count, bytes[index] != UInt8(ascii: ";") {
                guard index - digitsStart < 7 else { return nil }
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index < count, index > digitsStart, Self.isXMLCharacter(value) else { return nil }
            position = index + 1
            return value
        }
        let nameStart = index
        while index < count, index - nameStart < 5, bytes[index] != UInt8(ascii: ";") { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ";") else { return nil }
        let length = index - nameStart
        switch (length, bytes[nameStart]) {
        case (2, UInt8(ascii: "l")) where bytesEqual(nameStart, "lt"): value = 0x3C
        case (2, UInt8(ascii: "g")) where bytesEqual(nameStart, "gt"): value = 0x3E
        case (3, UInt8(ascii: "a")) where bytesEqual(nameStart, "amp"): value = 0x26
        case (4, UInt8(ascii: "a")) where bytesEqual(nameStart, "apos"): value = 0x27
        case (4, UInt8(ascii: "q")) where bytesEqual(nameStart, "quot"): value = 0x22
        default: return nil
        }
        position = index + 1
        return value
    }

    /// Whether `value` is a character XML 1.0 allows.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (a byte ≥ 0x80) when it encodes a character
    /// XML allows; nil otherwise (libxml2 reports those as errors).
    private func scalarLength(at index: Int) -> Int? {
        let lead = UInt32(bytes[index])
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = lead & 0x1F
        case 0xE0...0xEF:
            length = 3
            value = lead & 0x0F
        case 0xF0...0xF4:
            length = 4
            value = lead & 0x07
        default: return nil
        }
        guard index + length <= count else { return nil }
        for offset in 1..<length {
            let byte = UInt32(bytes[index + offset])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, Self.isXMLCharacter(value) else { return nil }
        return length
    }
}

/// The byte classes the scanner reads with, one table of 256 each (kept for the life of the process).
private enum AtomByteClasses {
    struct Tables: @unchecked Sendable {
        let name: UnsafePointer<UInt8>
        let text: UnsafePointer<UInt8>
        let value: UnsafePointer<UInt8>
    }

    static let shared = Tables(name: table(nameClass), text: table(textClass), value: table(valueClass))

    private static func table(_ classify: (UInt8) -> UInt8) -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 { table[byte] = classify(UInt8(byte)) }
        return UnsafePointer(table)
    }

    /// 2: a byte that starts an ASCII name (letters, `_`); 1: one that continues it (also digits, `.`, `-`);
    /// 0: anything else.
    private static func nameClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): return 2
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"): return 1
        default: return 0
        }
    }

    /// 0: a byte of text read as it is; 1: one to look at (`<`, `&`, `]`, controls, non-ASCII).
    private static func textClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x09, 0x0A: return 0
        case UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"): return 1
        case 0x20...0x7F: return 0
        default: return 1
        }
    }

    /// 0: a byte of an attribute value read as it is; 1: one to look at (quotes, `<`, `&`, white space
    /// other than the space, controls, non-ASCII).
    private static func valueClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: "&"): return 1
        case 0x20...0x7F: return 0
        default: return 1
        }
    }
}
