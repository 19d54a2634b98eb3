import ODataMetadata

/// The members generated for each structural property of an entity or complex type: a static, explicitly
/// typed descriptor and an instance accessor of the same name.
enum PropertyMembers {
    /// `OData.PropertyDescriptor(name:type:index:…)` with only non-default facets.
    static func descriptor(_ property: PlannedProperty) -> SwiftExpr {
        let edm = property.edm
        var arguments: [(String?, SwiftExpr)] = [
            ("name", .string(edm.name)), ("type", property.propertyType), ("index", .int(property.index)),
        ]
        if !edm.isNullable { arguments.append(("isNullable", .bool(false))) }
        if case .value(let length) = edm.maxLength { arguments.append(("maxLength", .int(length))) }
        if let precision = edm.precision { arguments.append(("precision", .int(precision))) }
        if let scale = edm.scale { arguments.append(("scale", .int(scale))) }
        if property.isKey { arguments.append(("isKey", .bool(true))) }
        if edm.concurrencyMode == .fixed { arguments.append(("isConcurrencyToken", .bool(true))) }
        return Build.new("OData.PropertyDescriptor", arguments)
    }

    /// The static descriptor: `static var firstName: OData.TypedProperty<Swift.String> { …(Owner.<table>.properties[i]) }`.
    static func staticDescriptor(_ property: PlannedProperty, owner: String, table: String, access: AccessLevel) -> SwiftDecl {
        let type = SwiftType.generic(["OData", "TypedProperty"], [property.valueType])
        let element = SwiftExpr.subscript(
            Build.member(.type(.named([owner])), table, "properties"), .int(property.index))
        return Build.computedStatic(
            ["The \(DocComment.code(property.edm.name)) property, for `select`, `filter` and `orderBy`."],
            access, property.name, type, Build.new(type, [(nil, element)]))
    }

    /// The instance accessor: `var firstName: Swift.String? { get … set … }`.
    static func accessor(_ property: PlannedProperty, access: AccessLevel) -> SwiftDecl {
        let edm = property.edm
        let doc = DocComment.lines(
            "The \(DocComment.code(edm.name)) property (\(DocComment.code(edm.type.csdlName))).",
            annotations: edm.annotations, documentation: edm.documentation)
        let descriptor = SwiftExpr.member(.selfType, property.name)
        return Build.computed(
            doc, access, property.name, .optional(property.valueType),
            get: Build.call(.member(.self, "value"), [("of", descriptor)]),
            set: Build.call(.member(.self, "setValue"), [(nil, .identifier("newValue")), ("for", descriptor)]))
    }
}
