import Foundation

extension AtomWriter {
    /// The customizable-feed targets of an entry's loaded, non-null values (`<title type="text">…</title>`,
    /// `<r:review xmlns:r="…" r:stars="4"><r:by>…</r:by></r:review>`), written as well as `m:properties`
    /// so that a server reading either place gets the value. XHTML-mapped values are left to `m:properties`
    /// (their markup is not checked here, and a malformed one would break the document).
    mutating func feedTargets(of entity: EntityValue, map: AtomFeedMap, properties: Set<Int>) {
        for child in map.nodes[0].children { feedTarget(child, of: entity, map: map, properties: properties, declared: []) }
    }

    private mutating func feedTarget(_ index: Int, of entity: EntityValue, map: AtomFeedMap, properties: Set<Int>, declared: Set<String>) {
        guard hasValue(index, entity: entity, map: map, properties: properties) else { return }
        let node = map.nodes[index]
        let namespace = node.namespaceURI
        let name = node.prefix.map { "\($0):" } ?? ""
        let element = name + node.localName
        raw("<" + element)
        var declared = declared
        if let prefix = node.prefix, declared.insert(prefix).inserted {
            raw(" xmlns:\(prefix)=\"")
            escaped(namespace, attribute: true)
            raw("\"")
        }
        for attribute in node.attributes {
            guard properties.contains(attribute.property), let text = text(of: attribute.property, in: entity) else { continue }
            raw(" \(name)\(attribute.text)=\"")
            escaped(text, attribute: true)
            raw("\"")
        }
        let isAtom = node.prefix == nil
        // Atom text constructs say their kind; dates are RFC 3339, with a zone (WCF writes UTC there).
        if isAtom, ["title", "summary", "rights"].contains(node.localName) { raw(" type=\"text\"") }
        raw(">")
        if let property = node.property, !node.isMarkup, properties.contains(property), var text = text(of: property, in: entity) {
            if isAtom, ["updated", "published"].contains(node.localName),
                entity.entityType.properties[property].type.primitiveType == .dateTime
            {
                text += "Z"
            }
            escaped(text)
        }
        for child in node.children { feedTarget(child, of: entity, map: map, properties: properties, declared: declared) }
        raw("</\(element)>")
    }

    /// Whether the node or one below it carries a value to write.
    private func hasValue(_ index: Int, entity: EntityValue, map: AtomFeedMap, properties: Set<Int>) -> Bool {
        let node = map.nodes[index]
        if let property = node.property, !node.isMarkup, properties.contains(property), text(of: property, in: entity) != nil {
            return true
        }
        if node.attributes.contains(where: { properties.contains($0.property) && text(of: $0.property, in: entity) != nil }) { return true }
        return node.children.contains { hasValue($0, entity: entity, map: map, properties: properties) }
    }

    private func text(of property: Int, in entity: EntityValue) -> String? {
        guard let value = entity[entity.entityType.properties[property]], value != .null else { return nil }
        return WireValueAdapter.atomText(value)
    }
}
