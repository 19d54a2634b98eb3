/// What a service allows on an entity set: SAP's `sap:creatable`, `sap:updatable`, `sap:deletable` and
/// `sap:requires-filter`, and the Capabilities vocabulary's `InsertRestrictions/Insertable`,
/// `UpdateRestrictions/Updatable`, `DeleteRestrictions/Deletable` (false) and `FilterRestrictions/RequiresFilter`
/// (true). The vocabulary's annotations count inline on the `EntitySet` (OData v4) and in `Annotations` blocks that
/// target the set (`Namespace.Container/Set`, alias-qualified or, leniently, `Container/Set`) or, as some SAP
/// samples write them, its entity type. Only unqualified annotations count: a `Qualifier` (on the annotation or its
/// `Annotations` block) applies the restriction to that qualifier's consumers alone (CSDL, "Qualifier"), and an
/// absent unqualified one means the vocabulary's default, no restriction, even when a qualified one is there.
public struct EntitySetCapabilities: Sendable, Hashable {
    /// Whether entities may be created in the set.
    public var isCreatable = true
    /// Whether the set's entities may be updated.
    public var isUpdatable = true
    /// Whether the set's entities may be deleted.
    public var isDeletable = true
    /// Whether reads of the whole set need `$filter`.
    public var requiresFilter = false

    /// Everything allowed.
    public init() {}
}

extension ServiceMetadata {
    /// What the service allows on `set` of `container` (see `EntitySetCapabilities`).
    public func capabilities(of set: EntitySet, in container: EntityContainer) -> EntitySetCapabilities {
        var capabilities = EntitySetCapabilities()
        capabilities.isCreatable = set.annotations.isCreatable
        capabilities.isUpdatable = set.annotations.isUpdatable
        capabilities.isDeletable = set.annotations.isDeletable
        capabilities.requiresFilter = set.annotations.sap("requires-filter") == "true"
        let targets: Set<String> = [
            "\(container.namespace).\(container.name)/\(set.name)", "\(container.name)/\(set.name)", resolveAlias(set.entityType),
        ]
        // An inline member's target can name the set only if the member is the set: such blocks are passed over by name.
        let setName = set.name
        let byName = !setName.containsUTF8(Self.slash) && !set.entityType.containsUTF8(Self.slash)
        for schema in schemas {
            for block in schema.annotationBlocks {
                if byName, case .member(_, let member) = block.path, !member.containsUTF8(Self.slash),
                    !member.containsUTF8(UInt8(ascii: ".")), member != setName
                {
                    continue
                }
                guard targets.contains(resolveAlias(block.target)) else { continue }
                // A qualified annotation (its own `Qualifier` or its block's) describes the set for that qualifier's
                // consumers only; the checked writes follow the unqualified ones.
                for annotation in block.annotations where (annotation.qualifier ?? block.qualifier) == nil {
                    let term = resolveAlias(annotation.term)
                    if annotation.restriction(term, "InsertRestrictions", "Insertable") == false { capabilities.isCreatable = false }
                    if annotation.restriction(term, "UpdateRestrictions", "Updatable") == false { capabilities.isUpdatable = false }
                    if annotation.restriction(term, "DeleteRestrictions", "Deletable") == false { capabilities.isDeletable = false }
                    if annotation.restriction(term, "FilterRestrictions", "RequiresFilter") == true { capabilities.requiresFilter = true }
                }
            }
        }
        return capabilities
    }

    private static let slash = UInt8(ascii: "/")
}

extension VocabularyAnnotation {
    /// The Boolean a Capabilities restriction record (`term`, alias resolved, names the restriction) gives
    /// `property`, in either form (`Bool="false"` or `<Bool>false</Bool>`); nil when it gives none.
    fileprivate func restriction(_ term: String, _ restriction: String, _ property: String) -> Bool? {
        guard term == "Org.OData.Capabilities.V1.\(restriction)" || term.hasSuffix("Capabilities.\(restriction)") else { return nil }
        if case .record(_, let values)? = expression {
            guard case .constant(.bool, let text)? = values.first(where: { $0.property == property })?.value else { return nil }
            return text == "true"
        }
        // Without an expression tree, the record's XML: the PropertyValue element around the property name.
        guard let range = rawXML.firstRange(of: "Property=\"\(property)\"") else { return nil }
        let start = rawXML[..<range.lowerBound].lastIndex(of: "<") ?? rawXML.startIndex
        let end = rawXML[range.upperBound...].firstIndex(of: ">") ?? rawXML.endIndex
        let element = rawXML[start..<end]
        if element.contains("Bool=\"false\"") { return false }
        if element.contains("Bool=\"true\"") { return true }
        return nil
    }
}
