import OData

/// SAP's members of a reference entity (`sapCompatibility`) that change or compare the object itself: the
/// generated classes conform to `OData.ReferenceEntity`, and `import ODataSAPCompatibility` gives them these.
extension ReferenceEntity {
    /// SAP's `rememberOld()` on a constant: the current values become `old`, and only later changes are sent.
    public func rememberOld() { withEntityValue { $0.rememberOld() } }

    /// SAP's `copy()`: a new object with this one's state; changing either never changes the other.
    public func copy() -> Self { Self(entityValue: entityValue) }

    /// SAP's `EntityValue.equal(_:_:)`: whether the two have the same type and structural property values.
    public static func equal(_ left: Self, _ right: Self) -> Bool {
        let (a, b) = (left.entityValue, right.entityValue)
        return a.entityType.qualifiedName == b.entityType.qualifiedName && a.values == b.values
    }

    /// SAP's `EntityValue.equalKeys(_:_:)`: whether the two have the same key.
    public static func equalKeys(_ left: Self, _ right: Self) -> Bool { left.id == right.id }
}
