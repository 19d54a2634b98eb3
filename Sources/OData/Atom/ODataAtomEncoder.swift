import Foundation

/// Encodes entities as Atom `<entry>` request bodies for create and update, with the same rules as
/// `ODataJSONEncoder`: create sends every loaded property, deep-inserts new related entities inline
/// (`m:inline`) and binds existing ones (with `metadata.uri`) by a navigation `<link href>`; `MERGE`/`PATCH`
/// send only changed properties, `PUT` every loaded one. Media-link entries (`m:HasStream`) carry
/// `m:properties` directly under `<entry>`, others inside `<content type="application/xml">`.
public struct ODataAtomEncoder: Sendable {
    static let namespaces = """
        xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
        xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"
        """

    /// An encoder.
    public init() {}

    /// The body for creating `entity`.
    public func encodeForCreate(_ entity: EntityValue) -> Data {
        var writer = AtomWriter()
        writer.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        writeEntry(entity, properties: entity.entityType.properties, navigation: true, into: &writer, root: true, depth: 0)
        return Data(writer.text.utf8)
    }

    /// The body for updating `entity` with `mode`.
    public func encodeForUpdate(_ entity: EntityValue, mode: UpdateMode) -> Data {
        var writer = AtomWriter()
        writer.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        let properties = mode == .replace ? entity.entityType.properties : entity.changedProperties
        writeEntry(entity, properties: properties, navigation: false, into: &writer, root: true, depth: 0)
        return Data(writer.text.utf8)
    }

    /// The body of a `$links` request: `<uri xmlns="…/dataservices">…</uri>`.
    public func encodeLink(uri: String) -> Data {
        var writer = AtomWriter()
        writer.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?><uri xmlns=\"http://schemas.microsoft.com/ado/2007/08/dataservices\">")
        writer.escaped(uri)
        writer.raw("</uri>")
        return Data(writer.text.utf8)
    }

    private func writeEntry(
        _ entity: EntityValue, properties: [PropertyDescriptor], navigation: Bool, into writer: inout AtomWriter, root: Bool,
        depth: Int
    ) {
        writer.raw(root ? "<entry \(Self.namespaces)>" : "<entry>")
        writer.raw("<category term=\"")
        writer.escaped(entity.entityType.qualifiedName, attribute: true)
        writer.raw("\" scheme=\"http://schemas.microsoft.com/ado/2007/08/dataservices/scheme\"/>")
        if navigation && depth < 32 {
            for descriptor in entity.entityType.navigationProperties {
                writeNavigation(descriptor, of: entity, into: &writer, depth: depth)
            }
        }
        if entity.entityType.properties.contains(where: { $0.feedMapping != nil }) {
            let feedMap = AtomFeedMap(properties: entity.entityType.properties)
            writer.feedTargets(of: entity, map: feedMap, properties: Set(properties.map(\.index)))
        }
        let isMediaLink = entity.entityType.hasStream
        if !isMediaLink { writer.raw("<content type=\"application/xml\">") }
        writer.raw("<m:properties>")
        for property in properties {
            guard let value = entity[property] else { continue }
            writer.property(property.name, type: property.type, value: value)
        }
        writer.raw("</m:properties>")
        if !isMediaLink { writer.raw("</content>") }
        writer.raw("</entry>")
    }

    private func writeNavigation(
        _ descriptor: NavigationDescriptor, of entity: EntityValue, into writer: inout AtomWriter, depth: Int
    ) {
        let related: [EntityValue]
        switch entity[descriptor] {
        case .entity(let single?): related = [single]
        case .entities(let list): related = list
        default: return
        }
        let rel = "http://schemas.microsoft.com/ado/2007/08/dataservices/related/\(descriptor.name)"
        let kind = descriptor.isCollection ? "feed" : "entry"
        // Existing entities are bound by reference, one link each.
        for bound in related {
            guard let uri = bound.metadata.uri else { continue }
            writer.raw("<link rel=\"")
            writer.escaped(rel, attribute: true)
            writer.raw("\" type=\"application/atom+xml;type=\(kind)\" href=\"")
            writer.escaped(uri, attribute: true)
            writer.raw("\"/>")
        }
        // New entities are inserted inline.
        let inserted = related.filter { $0.metadata.uri == nil }
        guard !inserted.isEmpty else { return }
        writer.raw("<link rel=\"")
        writer.escaped(rel, attribute: true)
        writer.raw("\" type=\"application/atom+xml;type=\(kind)\"><m:inline>")
        if descriptor.isCollection { writer.raw("<feed>") }
        for child in inserted {
            writeEntry(child, properties: child.entityType.properties, navigation: true, into: &writer, root: false, depth: depth + 1)
        }
        if descriptor.isCollection { writer.raw("</feed>") }
        writer.raw("</m:inline></link>")
    }
}
