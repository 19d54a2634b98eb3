internal import CLibXML2
import Foundation

/// A libxml2 string pointer (element and attribute names are interned in the parser's dictionary).
typealias AtomXMLName = UnsafePointer<xmlChar>

/// The namespaces the Atom reader tells apart.
enum AtomNamespace {
    case none, atom, metadata, data, xml, tombstones, other

    static let atomURI = "http://www.w3.org/2005/Atom"
    static let metadataURI = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
    static let dataURI = "http://schemas.microsoft.com/ado/2007/08/dataservices"
    static let xmlURI = "http://www.w3.org/XML/1998/namespace"
    /// RFC 6721 (`at:deleted-entry`).
    static let tombstonesURI = "http://purl.org/atompub/tombstones/1.0"
    static let relatedPrefix = "http://schemas.microsoft.com/ado/2007/08/dataservices/related/"

    init(uri: UnsafePointer<xmlChar>?) {
        guard let uri else {
            self = .none
            return
        }
        switch String(cString: uri) {
        case Self.atomURI: self = .atom
        case Self.metadataURI: self = .metadata
        case Self.dataURI: self = .data
        case Self.xmlURI: self = .xml
        case Self.tombstonesURI: self = .tombstones
        default: self = .other
        }
    }
}

/// The Atom and OData names, interned in one parser's dictionary so that callbacks compare pointers.
struct AtomNames {
    let feed, entry, id, link, category, content, properties, inline, count, links, uri, error: AtomXMLName?
    let rel, href, type, src, term, etag, null, base: AtomXMLName?
    let deletedEntry, ref: AtomXMLName?

    init(dictionary: OpaquePointer?) {
        func intern(_ text: StaticString) -> AtomXMLName? {
            text.withUTF8Buffer { buffer in
                buffer.withMemoryRebound(to: xmlChar.self) { xmlDictLookup(dictionary, $0.baseAddress, Int32(buffer.count)) }
            }
        }
        feed = intern("feed")
        entry = intern("entry")
        id = intern("id")
        link = intern("link")
        category = intern("category")
        content = intern("content")
        properties = intern("properties")
        inline = intern("inline")
        count = intern("count")
        links = intern("links")
        uri = intern("uri")
        error = intern("error")
        rel = intern("rel")
        href = intern("href")
        type = intern("type")
        src = intern("src")
        term = intern("term")
        etag = intern("etag")
        null = intern("null")
        base = intern("base")
        deletedEntry = intern("deleted-entry")
        ref = intern("ref")
    }
}

/// The attributes of one start tag: five pointers each (local name, prefix, URI, value start, value end).
struct AtomAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute `name`, in no namespace (`namespaced == false`) or in any namespace.
    func value(_ name: AtomXMLName?, namespaced: Bool = false) -> ByteSpan? {
        guard let base, let name else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            guard entry[0] == name, (entry[2] != nil) == namespaced, let start = entry[3], let end = entry[4] else { continue }
            return ByteSpan(start: start, count: end - start)
        }
        return nil
    }
}
