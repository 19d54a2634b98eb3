import ODataMetadata

/// What the service allows on an entity set: SAP's `sap:creatable/updatable/deletable/requires-filter`
/// and the Capabilities vocabulary's `InsertRestrictions/UpdateRestrictions/DeleteRestrictions`
/// (`Insertable`/`Updatable`/`Deletable` false) aimed at the set (`Namespace.Container/Set`) or, as
/// some SAP samples write them, at its entity type.
struct SetCapabilities: Sendable, Hashable {
    var isCreatable = true
    var isUpdatable = true
    var isDeletable = true
    var requiresFilter = false

    init(set: EntitySet, container: EntityContainer, metadata: ServiceMetadata) {
        isCreatable = set.annotations.isCreatable
        isUpdatable = set.annotations.isUpdatable
        isDeletable = set.annotations.isDeletable
        requiresFilter = set.annotations.sap("requires-filter") == "true"
        let targets: Set<String> = ["\(container.namespace).\(container.name)/\(set.name)", set.entityType]
        for schema in metadata.schemas {
            for block in schema.annotationBlocks where targets.contains(block.target) {
                for annotation in block.annotations {
                    let term = metadata.resolveAlias(annotation.term)
                    if Self.isFalse(term, "InsertRestrictions", "Insertable", annotation) { isCreatable = false }
                    if Self.isFalse(term, "UpdateRestrictions", "Updatable", annotation) { isUpdatable = false }
                    if Self.isFalse(term, "DeleteRestrictions", "Deletable", annotation) { isDeletable = false }
                }
            }
        }
    }

    /// Whether a Capabilities restriction record sets `property` to false.
    private static func isFalse(_ term: String, _ name: String, _ property: String, _ annotation: VocabularyAnnotation) -> Bool {
        guard term == "Org.OData.Capabilities.V1.\(name)" || term.hasSuffix("Capabilities.\(name)") else { return false }
        let xml = annotation.rawXML
        guard let range = xml.firstRange(of: "Property=\"\(property)\"") else { return false }
        // The PropertyValue element around the property name.
        let start = xml[..<range.lowerBound].lastIndex(of: "<") ?? xml.startIndex
        let end = xml[range.upperBound...].firstIndex(of: ">") ?? xml.endIndex
        return xml[start..<end].contains("Bool=\"false\"")
    }
}
