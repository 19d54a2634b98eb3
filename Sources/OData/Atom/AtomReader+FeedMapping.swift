internal import CLibXML2
import Foundation

/// Customizable feeds ([MS-ODATA] 2.2.6.2.2.1, WCF Data Services' "friendly feeds"): a property with a
/// `FeedMapping` is carried in an element of the entry: an Atom one (`<title>`, `<summary>`, `<updated>`,
/// `<author><name>`, …) or, with `FC_NsUri`, one of another namespace (`<p:rating><p:stars>`), or an
/// attribute of it (`rating/@stars`); with `FC_KeepInContent="false"` not in `m:properties`. The reader
/// takes such values from there unless `m:properties` gives the property too. XHTML content
/// (`FC_ContentKind="xhtml"`, or an Atom text construct with `type="xhtml"`) is read as its markup.
extension AtomReader {
    /// A frame for a child element of an entry (`parent` 0) or of a mapped element (`parent` its node)
    /// that carries a mapped property or leads to one; nil for elements that map nothing. Mapped attributes
    /// are read here.
    func startMapped(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, parent: Int, attributes: AtomAttributes) -> AtomFrame? {
        guard let map = entries.top.cache.feedMap, let index = map.child(of: parent, uri: uri, name: name) else { return nil }
        let node = map.nodes[index]
        for attribute in node.attributes {
            guard let value = attribute.name.withUnsafeBufferPointer({ attributes.value(named: $0.baseAddress!) }) else { continue }
            assignMapped(value, to: attribute.property)
            if hasFailed { return .skip }
        }
        guard let property = node.property, let edmType = entries.top.cache.primitiveTypes[property] else {
            return AtomFrame(kind: .mapped, index: index)
        }
        if edmType == .string, node.isMarkup || (namespace(uri) == .atom && attributes.value(names.type)?.equals("xhtml") == true) {
            startCapture()
            escapesText = true
            return AtomFrame(kind: .markup, target: .mappedEntity, index: property)
        }
        startCapture()
        return AtomFrame(kind: .primitive, target: .mappedEntity, isNull: isNull(attributes), edmType: edmType, index: property)
    }

    /// Stores a mapped attribute's value as property `index`, unless `m:properties` gave it.
    private func assignMapped(_ text: ByteSpan, to index: Int) {
        guard entries.top.values[index] == nil, let edmType = entries.top.cache.primitiveTypes[index] else { return }
        do {
            entries.top.values[index] = try mappedValue(text, as: edmType)
        } catch {
            fail(error.message, property: entries.top.table.properties[index].name)
        }
    }

    /// The value of a mapped element's or attribute's text: empty is null except for strings ([MS-ODATA]:
    /// the target of a null value "MUST be empty").
    func mappedValue(_ text: ByteSpan, as edmType: EdmType) throws(WireValueFailure) -> EdmValue {
        if edmType == .string { return .string(text.string) }
        if text.count == 0 { return .null }
        return try WireValueAdapter.fromAtomText(text, as: edmType)
    }

    // MARK: XHTML markup

    /// Writes the start tag of an element inside mapped XHTML content into the captured text: a default
    /// namespace declaration where the namespace changes, namespaced attributes with their prefixes.
    func startMarkupElement(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) {
        let local = String(cString: name)
        let namespace = uri.map { String(cString: $0) } ?? ""
        append("<" + local)
        if namespace != (markupElements.last?.namespace ?? "") {
            append(" xmlns=\"")
            appendEscaped(namespace)
            append("\"")
        }
        if let base = attributes.base {
            for index in 0..<attributes.count {
                let entry = base + index * 5
                guard let attributeName = entry[0], let start = entry[3], let end = entry[4] else { continue }
                var qualified = String(cString: attributeName)
                if let attributeURI = entry[2] {
                    let prefix = entry[1].map { String(cString: $0) } ?? "ns\(index)"
                    if prefix != "xml" {
                        append(" xmlns:\(prefix)=\"")
                        appendEscaped(String(cString: attributeURI))
                        append("\"")
                    }
                    qualified = prefix + ":" + qualified
                }
                append(" \(qualified)=\"")
                appendEscaped(ByteSpan(start: start, count: end - start).string)
                append("\"")
            }
        }
        append(">")
        markupElements.append((local, namespace))
    }

    /// Writes the end tag of the innermost element inside mapped XHTML content.
    func endMarkupElement() {
        guard let element = markupElements.popLast() else { return }
        append("</\(element.name)>")
    }

    /// Captured text, escaped as XML text (`&`, `<`, `>`, `"`).
    @inline(never)
    func appendEscaped(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        for offset in 0..<count {
            switch bytes[offset] {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            default: text.append(bytes[offset])
            }
        }
    }

    private func appendEscaped(_ string: String) {
        var string = string
        string.withUTF8 { buffer in
            if let start = buffer.baseAddress { appendEscaped(start, count: buffer.count) }
        }
    }

    private func append(_ string: String) {
        var string = string
        string.withUTF8 { buffer in
            if let start = buffer.baseAddress { text.append(start, count: buffer.count) }
        }
    }
}

extension AtomAttributes {
    /// The value of the attribute with local name `name` (a NUL-terminated string), in any namespace.
    func value(named name: UnsafePointer<CChar>) -> ByteSpan? {
        guard let base else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], let start = entry[3], let end = entry[4],
                strcmp(UnsafeRawPointer(local).assumingMemoryBound(to: CChar.self), name) == 0
            else { continue }
            return ByteSpan(start: start, count: end - start)
        }
        return nil
    }
}

extension EntityValue {
    /// Whether any property value or navigation state was read (an entry with none of them, no URI and no
    /// type is not an OData entry).
    var hasAnyContent: Bool {
        values.contains { $0 != nil } || navigationValues.contains { $0 != nil }
    }
}
