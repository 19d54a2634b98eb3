/// One property of an entity key with its value.
public struct KeyComponent: Sendable, Hashable {
    /// The EDM property name.
    public let name: String
    /// The value.
    public let value: EdmValue

    /// Creates a key component.
    public init(name: String, value: EdmValue) {
        self.name = name
        self.value = value
    }
}

/// The key of an entity: one or more named values, in key order.
public struct EntityKey: Sendable, Hashable {
    /// The components in key order.
    public let components: [KeyComponent]

    /// A key from its components in key order.
    public init(_ components: [KeyComponent]) {
        self.components = components
    }

    /// A key from `(name, value)` pairs in key order.
    public init(_ pairs: KeyValuePairs<String, EdmValue>) {
        self.components = pairs.map { KeyComponent(name: $0.key, value: $0.value) }
    }

    /// Whether the key is composite.
    public var isComposite: Bool { components.count > 1 }

    /// Whether any component is missing (null).
    public var isIncomplete: Bool { components.isEmpty || components.contains { $0.value.isNull } }
}
