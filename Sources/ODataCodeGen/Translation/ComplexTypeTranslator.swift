import ODataMetadata

/// Translates one planned complex type into `public struct <Name>: OData.ComplexTypeProtocol`.
struct ComplexTypeTranslator {
    let type: PlannedComplexType
    let access: AccessLevel

    func declaration() -> SwiftDecl {
        let edm = type.edm
        var doc = DocComment.lines(
            "The \(DocComment.code(edm.qualifiedName)) complex type.", annotations: edm.annotations,
            documentation: edm.documentation)
        if edm.isAbstract { doc += ["", "Abstract: values are of derived types; this type describes what they share."] }
        if edm.isOpenType { doc += ["", "Open: values may carry dynamic properties beyond those declared here."] }
        let table = Build.constant(
            ["The complex type's runtime descriptor."], access, "complexType", Build.type("OData.ComplexTypeDescriptor"),
            Build.new(
                "OData.ComplexTypeDescriptor",
                [
                    ("qualifiedName", .string(edm.qualifiedName)),
                    ("properties", PropertyMembers.table(type.properties)),
                ]))
        var members: [SwiftDecl] = [table]
        members += type.properties.map { PropertyMembers.staticDescriptor($0, ownerKind: "complex", access: access) }
        if !type.properties.isEmpty { members.append(PropertyMembers.lookupRoot(type.properties, owner: type.name, access: access)) }
        members.append(
            .property(
                SwiftProperty(
                    doc: ["The underlying value."], access: access, isStatic: false, isLet: false, name: "complexValue",
                    type: Build.type("OData.ComplexValue"), initializer: nil, getter: nil, setter: nil)))
        members.append(
            .initializer(
                doc: ["Wraps a value of this type."], access: access,
                parameters: [SwiftParameter(name: "complexValue", type: Build.type("OData.ComplexValue"))],
                body: [.assign(.member(.self, "complexValue"), .identifier("complexValue"))]))
        return .nominal(
            SwiftNominal(
                doc: doc, access: access, kind: .struct, name: type.name, genericParameters: [],
                inheritance: [Build.type("OData.ComplexTypeProtocol")], members: members))
    }
}
