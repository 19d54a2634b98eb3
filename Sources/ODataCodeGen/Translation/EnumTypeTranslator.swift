import ODataMetadata

/// Translates an enum type into a Swift enum (`enum Color: Swift.String, OData.EnumTypeProtocol`, one case per member,
/// the raw value the member's name as the wire carries it) or, with `IsFlags`, an option set
/// (`struct Permissions: OData.FlagsEnumTypeProtocol`, one static member per member, the raw value its bits).
/// Either carries the runtime descriptor (`enumType`) with the members' names and values.
struct EnumTypeTranslator {
    let type: PlannedEnumType
    let access: AccessLevel

    func declaration() -> SwiftDecl {
        let edm = type.edm
        var doc = DocComment.lines(
            "The \(DocComment.code(edm.qualifiedName)) enum type.", annotations: edm.annotations, documentation: edm.documentation)
        if edm.isFlags { doc += ["", "Flags (`IsFlags`): members combine, as in an option set."] }
        var members: [SwiftDecl] = []
        if edm.isFlags {
            members.append(
                .property(
                    SwiftProperty(
                        doc: ["The combined member values."], access: access, isStatic: false, isLet: true, name: "rawValue",
                        type: Build.type("Swift.Int64"), initializer: nil, getter: nil, setter: nil)))
            members.append(
                .initializer(
                    doc: ["The flags with these combined values."], access: access,
                    parameters: [SwiftParameter(name: "rawValue", type: Build.type("Swift.Int64"))],
                    body: [.assign(.member(.self, "rawValue"), .identifier("rawValue"))]))
        }
        members.append(descriptor())
        for (member, name) in zip(edm.members, type.memberNames) {
            let memberDoc = DocComment.lines(
                "\(DocComment.code(member.name)) (\(member.value)).", annotations: member.annotations, documentation: nil)
            if edm.isFlags {
                members.append(
                    Build.constant(
                        memberDoc, access, name, .named([type.name]),
                        Build.new(.named([type.name]), [("rawValue", .int(Int(member.value)))])))
            } else {
                members.append(.enumCase(doc: memberDoc, name: name, rawValue: .string(member.name)))
            }
        }
        return .nominal(
            SwiftNominal(
                doc: doc, access: access, kind: edm.isFlags ? .struct : .enum, name: type.name, genericParameters: [],
                inheritance: edm.isFlags
                    ? [Build.type("OData.FlagsEnumTypeProtocol")] : [Build.type("Swift.String"), Build.type("OData.EnumTypeProtocol")],
                members: members))
    }

    /// `static let enumType: OData.EnumTypeDescriptor`.
    private func descriptor() -> SwiftDecl {
        let edm = type.edm
        var arguments: [(String?, SwiftExpr)] = [("qualifiedName", .string(edm.qualifiedName))]
        if edm.underlyingType != .int32 { arguments.append(("underlyingType", TypeMapping.edmType(edm.underlyingType))) }
        if edm.isFlags { arguments.append(("isFlags", .bool(true))) }
        arguments.append(("memberNames", .array(edm.members.map { .string($0.name) }, multiline: false)))
        arguments.append(("memberValues", .array(edm.members.map { .int(Int($0.value)) }, multiline: false)))
        return Build.constant(
            ["The enum type's runtime descriptor."], access, "enumType", Build.type("OData.EnumTypeDescriptor"),
            Build.new("OData.EnumTypeDescriptor", arguments))
    }
}

/// Translates a type definition into a type alias of its underlying Swift type.
struct TypeDefinitionTranslator {
    let type: PlannedTypeDefinition
    let access: AccessLevel

    func declaration() -> SwiftDecl {
        let edm = type.edm
        var facets: [String] = []
        if case .value(let length) = edm.maxLength { facets.append("MaxLength=\(length)") }
        if let precision = edm.precision { facets.append("Precision=\(precision)") }
        if let scale = edm.scale { facets.append("Scale=\(scale)") }
        if let scale = edm.variableScale { facets.append("Scale=\(scale.rawValue)") }
        let facetText = facets.isEmpty ? "" : " (\(facets.joined(separator: ", ")))"
        let doc = DocComment.lines(
            "The \(DocComment.code(edm.qualifiedName)) type definition: \(DocComment.code(edm.underlyingType.qualifiedName))"
                + "\(facetText) under its own name.", annotations: edm.annotations, documentation: nil)
        return .typealias(doc: doc, access: access, name: type.name, type: TypeMapping.swiftType(edm.underlyingType))
    }
}
