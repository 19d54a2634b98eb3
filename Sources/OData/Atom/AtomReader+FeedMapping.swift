import Foundation

/// Customizable feeds ([MS-ODATA] 2.2.6.2.2.1, WCF Data Services' "friendly feeds"): a property with
/// `m:FC_TargetPath="Syndication…"` is carried in an Atom element of the entry (`<title>`, `<summary>`,
/// `<updated>`, `<author><name>`, …), and with `m:FC_KeepInContent="false"` not in `m:properties`.
/// The reader takes such values from the Atom element unless `m:properties` gives the property too.
/// Custom target paths (`FC_NsUri`, elements of another namespace) are not read.
extension AtomReader {
    /// The syndication target paths of a table's primitive properties, by path.
    func feedMappings(for table: NameTable) -> [String: Int] {
        let key = ObjectIdentifier(table)
        if let known = feedMappingCache[key] { return known }
        var mappings: [String: Int] = [:]
        for (index, property) in table.properties.enumerated() {
            if let path = property.feedTargetPath, case .primitive = property.type { mappings[path] = index }
        }
        if feedMappingCache.count < 256 { feedMappingCache[key] = mappings }
        return mappings
    }

    /// A frame for an Atom element of an entry that carries a mapped property (or an `<author>` /
    /// `<contributor>` that may hold some); nil for elements that map nothing.
    func startMapped(_ name: AtomXMLName, attributes: AtomAttributes) -> AtomFrame? {
        let path: String
        switch name {
        case names.title: path = "SyndicationTitle"
        case names.summary: path = "SyndicationSummary"
        case names.rights: path = "SyndicationRights"
        case names.updated: path = "SyndicationUpdated"
        case names.published: path = "SyndicationPublished"
        case names.author: return feedMappings(for: entries.top.table).isEmpty ? nil : AtomFrame(kind: .person, index: 0)
        case names.contributor: return feedMappings(for: entries.top.table).isEmpty ? nil : AtomFrame(kind: .person, index: 1)
        default: return nil
        }
        return mappedFrame(path, attributes: attributes)
    }

    /// A frame for `<name>`, `<email>` or `<uri>` inside an `<author>` or `<contributor>`.
    func startInPerson(_ name: AtomXMLName, person: Int, attributes: AtomAttributes) -> AtomFrame {
        let role = person == 0 ? "SyndicationAuthor" : "SyndicationContributor"
        let part: String
        switch name {
        case names.name: part = "Name"
        case names.email: part = "Email"
        case names.uri: part = "Uri"
        default: return .skip
        }
        return mappedFrame(role + part, attributes: attributes) ?? .skip
    }

    private func mappedFrame(_ path: String, attributes: AtomAttributes) -> AtomFrame? {
        guard let index = feedMappings(for: entries.top.table)[path], let edmType = entries.top.cache.primitiveTypes[index] else {
            return nil
        }
        startCapture()
        return AtomFrame(kind: .primitive, target: .mappedEntity, isNull: isNull(attributes), edmType: edmType, index: index)
    }
}

extension EntityValue {
    /// Whether any property value or navigation state was read (an entry with none of them, no URI and no
    /// type is not an OData entry).
    var hasAnyContent: Bool {
        values.contains { $0 != nil } || navigationValues.contains { $0 != nil }
    }
}
