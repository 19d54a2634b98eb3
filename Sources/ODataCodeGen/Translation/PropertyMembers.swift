import ODataMetadata

/// The members generated for each structural property of an entity or complex type: a row in the descriptor
/// table and a static, explicitly typed descriptor (the runtime reaches the instance property through it).
enum PropertyMembers {
    /// The `properties:` argument of a descriptor table: `OData.PropertyDescriptor.table([rows], complexTypes: […])`,
    /// one compact row per property (cheap to compile). Every row is checked before it is written
    /// (`checkedRow(_:complexTypes:)`); a type with a property whose row does not pass, such as an EDM name
    /// or feed-mapping value containing whitespace, gets an array of `OData.PropertyDescriptor(…)` calls instead,
    /// so the runtime never reads a bad row.
    static func table(_ properties: [PlannedProperty]) -> SwiftExpr {
        let complexNames = complexTypeNames(properties)
        let enumNames = enumTypeNames(properties)
        var rows: [String] = []
        for property in properties {
            guard
                let row = checkedRow(
                    property, complexTypes: complexNames.map(\.qualifiedName) + enumNames.map(\.qualifiedName))
            else {
                return .array(properties.map(descriptor), multiline: true)
            }
            rows.append(row)
        }
        var arguments: [(String?, SwiftExpr)] = [(nil, .array(rows.map { .string($0) }, multiline: true))]
        if !complexNames.isEmpty {
            arguments.append(("complexTypes", .array(complexNames.map { TypeMapping.complexDescriptor($0.swiftName) }, multiline: false)))
        }
        if !enumNames.isEmpty {
            arguments.append(("enumTypes", .array(enumNames.map { TypeMapping.enumDescriptor($0.swiftName) }, multiline: false)))
        }
        return Build.call(Build.member(.type(Build.type("OData.PropertyDescriptor")), "table"), arguments)
    }

    /// The complex types the properties' rows name, in first-use order: the Swift name (whose descriptor goes
    /// into `complexTypes:`) and the qualified name the row spells.
    private static func complexTypeNames(_ properties: [PlannedProperty]) -> [(swiftName: String, qualifiedName: String)] {
        var names: [(swiftName: String, qualifiedName: String)] = []
        for property in properties {
            guard case .complex(let qualifiedName) = property.edm.type.elementType else { continue }
            var valueType = property.valueType
            if case .array(let element) = valueType { valueType = element }
            if case .named(let path) = valueType, let swiftName = path.last, !names.contains(where: { $0.swiftName == swiftName }) {
                names.append((swiftName, qualifiedName))
            }
        }
        return names
    }

    /// The enum types the properties' rows name, in first-use order: the Swift name and the qualified name.
    private static func enumTypeNames(_ properties: [PlannedProperty]) -> [(swiftName: String, qualifiedName: String)] {
        var names: [(swiftName: String, qualifiedName: String)] = []
        for property in properties {
            guard case .enumeration(let qualifiedName) = property.edm.type.elementType, let swiftName = property.enumName,
                !names.contains(where: { $0.swiftName == swiftName })
            else { continue }
            names.append((swiftName, qualifiedName))
        }
        return names
    }

    /// The property's row text if the runtime will read it as meant: the text reads back, with the shared
    /// reader, as the same row (name, type, facets, feed mapping), and its type (or the element type of
    /// `Collection(…)`) is an `Edm.*` primitive (the runtime's `EdmType`), or a complex or enum type in
    /// `complexTypes` (qualified names of both). Nil otherwise.
    static func checkedRow(_ property: PlannedProperty, complexTypes: [String]) -> String? {
        let row = row(property)
        guard row.isRoundTripping else { return nil }
        var typeName = row.typeName[...]
        if typeName.hasPrefix("Collection("), typeName.hasSuffix(")") { typeName = typeName.dropFirst("Collection(".count).dropLast() }
        guard EDMPrimitiveType(qualifiedName: String(typeName)) != nil || complexTypes.contains(String(typeName)) else { return nil }
        return row.text
    }

    /// The compact row `PropertyDescriptor.table` reads: name, CSDL type and non-default facets
    /// (`"ProductId Edm.String Nullable=false MaxLength=10 Key"`), then the customizable-feed mapping
    /// (`FC_TargetPath=SyndicationTitle FC_KeepInContent=false`).
    static func row(_ property: PlannedProperty) -> PropertyRow {
        let edm = property.edm
        var maxLength: Int?
        if case .value(let length) = edm.maxLength { maxLength = length }
        return PropertyRow(
            name: edm.name, typeName: rowTypeName(property), isNullable: edm.isNullable,
            maxLength: maxLength,
            precision: edm.precision, scale: edm.scale, isKey: property.isKey,
            isConcurrencyToken: edm.concurrencyMode == .fixed, feedMapping: property.feedMapping)
    }

    /// The type a row names: the CSDL type, a type definition replaced by its underlying type (planned).
    private static func rowTypeName(_ property: PlannedProperty) -> String {
        guard case .typeDefinition = property.edm.type.elementType, !property.rowTypeName.isEmpty else {
            return property.edm.type.csdlName
        }
        return property.rowTypeName
    }

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
        if let mapping = property.feedMapping {
            var fields: [(String?, SwiftExpr)] = [("targetPath", .string(mapping.targetPath))]
            if let uri = mapping.namespaceURI { fields.append(("namespaceURI", .string(uri))) }
            if let prefix = mapping.namespacePrefix { fields.append(("namespacePrefix", .string(prefix))) }
            if let kind = mapping.contentKind?.lowercased(), ["html", "xhtml"].contains(kind) {
                fields.append(("contentKind", Build.member(.type(Build.type("OData.FeedMapping.ContentKind")), kind)))
            }
            if !mapping.keepInContent { fields.append(("keepInContent", .bool(false))) }
            arguments.append(("feedMapping", Build.new("OData.FeedMapping", fields)))
        }
        if let enumName = property.enumName { arguments.append(("enumType", TypeMapping.enumDescriptor(enumName))) }
        return Build.new("OData.PropertyDescriptor", arguments)
    }

    /// The static descriptor: `static var firstName: OData.TypedProperty<Swift.String> { …(entity: Self.self, index: i) }`
    /// (`ownerKind` is `entity` or `complex`). It also names the instance property (`customer.firstName`,
    /// a `Swift.String?`) that the runtime's dynamic member lookup provides, so it carries the property's
    /// documentation (`sap:label`, `sap:quickinfo`, `Documentation`).
    static func staticDescriptor(_ property: PlannedProperty, ownerKind: String, access: AccessLevel, strict: Bool = false) -> SwiftDecl {
        let edm = property.edm
        let plain = SwiftType.generic(["OData", "TypedProperty"], [property.valueType])
        let restricted = strict && isRestricted(property)
        let type = restricted ? restrictedType(property) : plain
        // After a dot a keyword needs no backticks (`entity.default`), and a code span cannot hold them.
        let instance = "\(ownerKind == "entity" ? "entity" : "value").\(property.name.filter { $0 != "`" })"
        let doc =
            DocComment.lines(
                "The \(DocComment.code(edm.name)) property (\(DocComment.code(edm.type.csdlName))).",
                annotations: edm.annotations, documentation: edm.documentation)
            + ["", "Read and write it on an instance as `\(instance)`; use this descriptor in `select`, `filter` and `orderBy`."]
            + (restricted ? ["", "- Note: `strictQueryCapabilities`: \(restrictionNote(property))."] : [])
        let descriptor = Build.new(plain, [(ownerKind, .member(.selfType, "self")), ("index", .int(property.index))])
        return Build.computedStatic(doc, access, property.name, type, restricted ? Build.new(type, [(nil, descriptor)]) : descriptor)
    }

    /// Whether the service forbids filtering or sorting on the property.
    static func isRestricted(_ property: PlannedProperty) -> Bool {
        !property.edm.annotations.isFilterable || !property.edm.annotations.isSortable
    }

    /// `OData.QueryRestrictedProperty<Value, Filter, Sort>`.
    static func restrictedType(_ property: PlannedProperty) -> SwiftType {
        func permission(_ allowed: Bool) -> SwiftType { .path(allowed ? "OData.SetPermissions.Allowed" : "OData.SetPermissions.Forbidden") }
        return .generic(
            ["OData", "QueryRestrictedProperty"],
            [property.valueType, permission(property.edm.annotations.isFilterable), permission(property.edm.annotations.isSortable)])
    }

    private static func restrictionNote(_ property: PlannedProperty) -> String {
        var forbidden: [String] = []
        if !property.edm.annotations.isFilterable { forbidden.append("filtering (`sap:filterable=\"false\"`)") }
        if !property.edm.annotations.isSortable { forbidden.append("sorting and `select` (`sap:sortable=\"false\"`; select `.property`)") }
        return "the service forbids " + forbidden.joined(separator: " and ") + ", so they do not compile"
    }

    /// The nested lookup root `struct Properties: OData.DynamicProperties` with one get-only instance member
    /// per structural property returning the static descriptor (`var firstName: … { Customer.firstName }`).
    /// The runtime's dynamic member lookup goes through it, so that the compiler diagnoses a misspelled
    /// property on an instance by naming the type (a lookup on the metatype's static members made it fail to
    /// produce any diagnostic). `owner` is the enclosing type's Swift name, which the member scope reserves;
    /// `strict`: members have the static descriptors' type (`OData.QueryRestrictedProperty` where restricted).
    static func lookupRoot(_ properties: [PlannedProperty], owner: String, access: AccessLevel, strict: Bool = false) -> SwiftDecl {
        var members: [SwiftDecl] = [
            .initializer(doc: ["The (stateless) root."], access: access, parameters: [], body: [])
        ]
        for property in properties {
            let plain = SwiftType.generic(["OData", "TypedProperty"], [property.valueType])
            let type = strict && isRestricted(property) ? restrictedType(property) : plain
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["`\(owner).\(property.name.filter { $0 != "`" })`."], access: access, isStatic: false,
                        isLet: false, name: property.name, type: type, initializer: nil,
                        getter: [.expr(.member(.identifier(owner), property.name))], setter: nil)))
        }
        return .nominal(
            SwiftNominal(
                doc: ["The root of instance property lookup: one member per structural property, returning its static descriptor."],
                access: access, kind: .struct, name: "Properties", genericParameters: [],
                inheritance: [Build.type("OData.DynamicProperties")], members: members))
    }

    /// A declared instance accessor, `var id: Swift.Int64? { get … set … }`, for a property whose name is an
    /// instance member the runtime already has (`ReservedNames.shadowableEntityMembers`), which dynamic member
    /// lookup would not reach.
    static func shadowingAccessor(_ property: PlannedProperty, access: AccessLevel, strict: Bool = false) -> SwiftDecl {
        let named = SwiftExpr.member(.selfType, property.name)
        let descriptor = strict && isRestricted(property) ? SwiftExpr.member(named, "property") : named
        return Build.computed(
            [
                "The \(DocComment.code(property.edm.name)) property (\(DocComment.code(property.edm.type.csdlName))).",
                "",
                "Declared, because `Identifiable.id` (the entity key) would hide it from dynamic member lookup.",
            ],
            access, property.name, .optional(property.valueType),
            get: Build.call(.member(.self, "value"), [("of", descriptor)]),
            set: Build.call(.member(.self, "setValue"), [(nil, .identifier("newValue")), ("for", descriptor)]))
    }
}
