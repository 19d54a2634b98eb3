/// The storage members of a reference entity class (`sapCompatibility`): its `OData.EntityState` and what
/// `OData.ReferenceEntity` asks of the class. Everything else the class shares with the struct form.
enum ReferenceEntityMembers {
    /// The paragraph added to the class's documentation.
    static let typeNote = [
        "A reference type (`sapCompatibility`), as SAP's proxy classes: every reference to an instance is the same",
        "entity, so a constant can be changed, and the service updates the object it is given.",
    ]

    /// `private let state: OData.EntityState`, `init(entityValue:)` and `withEntityValue(_:)`.
    static func storage(access: AccessLevel) -> [SwiftDecl] {
        let entityValue = Build.type("OData.EntityValue")
        let body = SwiftType.function(attributes: [], parameters: [.attributed("inout", entityValue)], result: .path("Swift.Void"))
        return [
            .property(
                SwiftProperty(
                    doc: ["The underlying entity (values, navigation state, server metadata and changes), behind a lock."],
                    access: .private, isStatic: false, isLet: true, name: "state", type: Build.type("OData.EntityState"),
                    initializer: nil, getter: nil, setter: nil)),
            .initializer(
                doc: ["Wraps an entity of this type (or a derived one)."], access: access,
                parameters: [SwiftParameter(name: "entityValue", type: entityValue)],
                body: [.assign(.member(.self, "state"), Build.new("OData.EntityState", [(nil, .identifier("entityValue"))]))]),
            .function(
                SwiftFunction(
                    doc: ["Runs `body` with exclusive access to the underlying entity (`OData.ReferenceEntity`)."], access: access,
                    name: "withEntityValue", parameters: [SwiftParameter(label: "_", name: "body", type: body)], result: nil,
                    body: [.expr(Build.call(Build.member(.self, "state", "access"), [(nil, .identifier("body"))]))])),
        ]
    }
}
