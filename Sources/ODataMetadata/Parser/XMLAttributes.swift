internal import CLibXML2

/// The namespaces the parser tells apart.
enum NamespaceKind: Sendable {
    /// No namespace.
    case none
    /// EDMX 1.0.
    case edmx
    /// EDMX 4.0.
    case edmxV4
    /// CSDL 1.0–3.0.
    case csdl
    /// CSDL 4.0 (vocabulary annotations in SAP's v2 documents).
    case csdlV4
    /// The data-services metadata namespace (`m:`).
    case metadata
    /// Anything else (`sap:`, `atom:`, EF annotations, …).
    case other

    /// Whether elements of this namespace are CSDL elements.
    var isCSDL: Bool { self == .csdl || self == .csdlV4 }
    /// Whether elements of this namespace are EDMX elements.
    var isEDMX: Bool { self == .edmx || self == .edmxV4 }

    /// Classifies a namespace URI.
    init(uri: String) {
        switch uri {
        case XMLNamespaces.edmx: self = .edmx
        case XMLNamespaces.edmxV4: self = .edmxV4
        case XMLNamespaces.csdlV4: self = .csdlV4
        case XMLNamespaces.metadata: self = .metadata
        default: self = XMLNamespaces.csdl.contains(uri) || uri == XMLNamespaces.csdlPreRelease ? .csdl : .other
        }
    }
}

/// A namespace URI as libxml2 reported it, with its classification and text.
struct KnownNamespace {
    let pointer: XMLName
    let kind: NamespaceKind
    let uri: String
}

/// The attributes of one start tag, as libxml2's SAX2 callback passes them
/// (five pointers per attribute: local name, prefix, URI, value start, value end).
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute without namespace whose local name is `name`, as the bytes in libxml2's buffer.
    func bytes(_ name: XMLName?) -> AttributeBytes? {
        guard let base, let name else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            if entry[0] == name, entry[2] == nil { return AttributeBytes(entry[3], entry[4]) }
        }
        return nil
    }

    /// The value of the attribute without namespace whose local name is `name`. (Its own loop, not `bytes(name)`
    /// made a string: the callers of that were inlined differently, ≈ 0.4 M instructions more on the v2 benchmark.)
    func value(_ name: XMLName?) -> String? {
        guard let base, let name else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            if entry[0] == name, entry[2] == nil { return Self.text(entry[3], entry[4]) }
        }
        return nil
    }

    /// Calls `body` with the local name and the value (bytes in libxml2's buffer) of each attribute without namespace,
    /// in one pass, and returns how many of them `body` took (returned true for): fewer than `count` means some
    /// attribute is not one the caller reads.
    @inline(__always)
    func readPlain(_ body: (XMLName, AttributeBytes) -> Bool) -> Int {
        guard let base else { return 0 }
        var taken = 0
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], entry[2] == nil else { continue }
            if body(local, AttributeBytes(entry[3], entry[4])) { taken += 1 }
        }
        return taken
    }

    /// Calls `body` with (local name, prefix, namespace URI pointer, value) for each attribute that has a namespace.
    func forEachNamespaced(_ body: (XMLName, XMLName?, XMLName, String) -> Void) {
        guard let base else { return }
        for index in 0..<count {
            let entry = base + index * 5
            guard let name = entry[0], let uri = entry[2] else { continue }
            body(name, entry[1], uri, Self.text(entry[3], entry[4]))
        }
    }

    /// Calls `body` with (local name, prefix, namespace URI pointer or nil, value) for every attribute.
    func forEach(_ body: (XMLName, XMLName?, XMLName?, String) -> Void) {
        guard let base else { return }
        for index in 0..<count {
            let entry = base + index * 5
            guard let name = entry[0] else { continue }
            body(name, entry[1], entry[2], Self.text(entry[3], entry[4]))
        }
    }

    /// The text between two pointers into libxml2's buffer.
    static func text(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String {
        String(decoding: bytes(start, end), as: UTF8.self)
    }

    /// The bytes from `start` to `end` (empty when either is missing).
    static func bytes(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> UnsafeBufferPointer<UInt8> {
        guard let start, let end, end > start else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// A NUL-terminated libxml2 string.
    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

extension XMLNamespaces {
    /// The constant of a well-known namespace URI equal to `uri`: a string literal, which is never
    /// reference-counted, so that the foreign attributes of every element share it for free (the URI as read
    /// from the document is a heap string that every copy would retain and release).
    static func literal(_ uri: String) -> String? {
        switch uri {
        case sap: return sap
        case metadata: return metadata
        case edmx: return edmx
        case edmxV4: return edmxV4
        case csdlV4: return csdlV4
        default: return csdl.first { $0 == uri }
        }
    }
}
