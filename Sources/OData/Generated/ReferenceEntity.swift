/// A generated entity type with SAP's reference semantics: a `final class`, generated under the generator's
/// `sapCompatibility` option (README, "Porting from SAPOData").
///
/// Code written against SAP's class-based proxies changes entities it holds as constants:
/// `let item = SalesOrderItem(); item.quantity = 2`, a parameter changed in a closure,
/// `let e = list[i]; e.name = …; try service.updateEntity(e)`, `customer.rememberOld()` on a `let`. A reference
/// entity allows all of these: every copy of the reference is the same entity, and the service writes the
/// server's version (key, ETag, accepted changes, loaded navigation) into the object it was given.
///
/// The class keeps its `EntityValue` in an ``EntityState`` (behind a lock) and exposes it through
/// `withEntityValue(_:)`; this extension gives it the instance API of ``EntityProtocol`` with setters that
/// work on a constant. It is the same protocol underneath, so containers, queries, batches and `DataService`
/// take reference entities unchanged.
///
/// Equality is SAP's object equality: `==` is identity, and hashing follows it (so a changed entity stays
/// findable in a `Set`); `id` is still the entity key. SAP's `copy()`, `rememberOld()`, `equal(_:_:)` and
/// `equalKeys(_:_:)`, and the service's loads into a constant, come with `ODataSAPCompatibility`.
public protocol ReferenceEntity: EntityProtocol, AnyObject {
    /// Runs `body` with exclusive access to the entity's state (generated: `state.access(body)`).
    func withEntityValue(_ body: (inout EntityValue) -> Void)
}

extension ReferenceEntity {
    /// The entity's state; setting it replaces the state of this object, which every reference sees.
    @inlinable
    public var entityValue: EntityValue {
        get { reading { $0 } }
        set { withEntityValue { $0 = newValue } }
    }

    /// The result of `read` on the entity's state, under its lock.
    @inlinable
    func reading<Result>(_ read: (EntityValue) -> Result) -> Result {
        var result: Result?
        withEntityValue { result = read($0) }
        return result!
    }

    /// The value of the structural property that `Properties` names, as ``EntityProtocol``'s, with a setter
    /// that works on a constant reference (`let item = SalesOrderItem(); item.quantity = 2`).
    @inlinable
    public subscript<Descriptor: TypedPropertyProtocol>(dynamicMember property: KeyPath<Properties, Descriptor>) -> Descriptor
        .PropertyValue?
    {
        get {
            let typed = Properties()[keyPath: property].typedProperty
            return reading { $0.value(of: typed) }
        }
        set {
            let typed = Properties()[keyPath: property].typedProperty
            withEntityValue { $0.setValue(newValue, for: typed) }
        }
    }

    /// Writes a typed property (nil writes null) and records the change.
    @inlinable
    public func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        withEntityValue { $0.setValue(value, for: property) }
    }

    /// Sets a to-many navigation property's loaded entities.
    public func setRelated<Target>(_ entities: [Target], for navigation: TypedNavigationProperty<Target>) {
        let related = NavigationValue.entities(entities.map(\.entityValue))
        withEntityValue { $0[navigation.descriptor] = related }
    }

    /// Sets a to-one navigation property's loaded entity.
    public func setRelatedEntity<Target>(_ entity: Target?, for navigation: TypedNavigationProperty<Target>) {
        let related = NavigationValue.entity(entity?.entityValue)
        withEntityValue { $0[navigation.descriptor] = related }
    }

    /// Identity, as SAP's entity objects compare (`===`).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }

    /// Hashes the object's identity, which `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
