import Foundation
import OData

// Entity and property members as SAP's SDK spells them. README, "Porting from SAPOData".

extension PropertyDescriptor {
    /// SAP's `Property.isOptional`: whether the property may be null (`isNullable`).
    public var isOptional: Bool { isNullable }

    /// SAP's `Property.defaultValue` (a `DataValue?`): nil for a nullable property, whose default is null;
    /// otherwise the type's zero value (empty text, 0, false, the zero GUID, 0001-01-01T00:00, an empty complex
    /// value or collection), what `<Type>(withDefaults: true)` sets.
    public var defaultValue: DataValue? {
        if isNullable { return nil }
        switch type {
        case .primitive(let primitive): return primitive.zeroValue
        case .complex(let complex): return .complex(ComplexValue(type: complex, withDefaults: true))
        case .primitiveCollection, .complexCollection: return .collection([])
        }
    }
}

extension EdmType {
    /// The type's zero value, SAP's default for a non-nullable property.
    var zeroValue: EdmValue {
        switch self {
        case .binary: return .binary(Data())
        case .boolean: return .boolean(false)
        case .byte: return .byte(0)
        case .dateTime: return .dateTime(LocalDateTime(ticks: 0)!)
        case .dateTimeOffset: return .dateTimeOffset(GlobalDateTime(utcTicks: 0, offsetMinutes: 0)!)
        case .decimal: return .decimal(BigDecimal(0))
        case .double: return .double(0)
        case .guid: return .guid(GuidValue(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))))
        case .int16: return .int16(0)
        case .int32: return .int32(0)
        case .int64: return .int64(0)
        case .sByte: return .sByte(0)
        case .single: return .single(0)
        case .string: return .string("")
        case .time: return .time(LocalTime(ticks: 0)!)
        case .date: return .date(LocalDate(year: 1, month: 1, day: 1)!)
        case .timeOfDay: return .time(LocalTime(ticks: 0)!)
        case .duration: return .duration(DayTimeDuration(ticks: 0))
        case .stream: return .stream(StreamLink())
        case .untyped: return .null
        }
    }
}

extension ComplexValue {
    /// A new value with every property set to its `defaultValue` when `withDefaults` is true, else absent.
    public init(type: ComplexTypeDescriptor, withDefaults: Bool) {
        self.init(type: type)
        guard withDefaults else { return }
        for property in type.properties { store(property.defaultValue ?? .null, at: property.index) }
    }
}

extension EntityValue {
    /// A new entity with every structural property set to its `defaultValue` when `withDefaults` is true
    /// (recorded as changes, so that a create sends them), else with none loaded.
    public init(type: EntityTypeDescriptor, withDefaults: Bool) {
        self.init(type: type)
        guard withDefaults else { return }
        for property in type.properties {
            // `defaultValue` is built from the property's own type and nullability, so the check always passes.
            do { try set(property, to: property.defaultValue ?? .null) } catch {
                preconditionFailure("the default value of \(property.name) does not fit it: \(error.message)")
            }
        }
    }

    /// SAP's `isNew`: the entity was made locally and has not been read from or written to a service (no
    /// edit link, read link or ETag yet).
    public var isNew: Bool { metadata.editLink == nil && metadata.uri == nil && metadata.etag == nil }

    /// SAP's `rememberOld()`: takes the current values as the loaded state, so that `old` returns them and
    /// later changes are the only ones an update sends (`acceptChanges()`).
    public mutating func rememberOld() { acceptChanges() }
}

extension EntityProtocol {
    /// SAP's `Customer(withDefaults: true)`: a new entity whose structural properties hold their
    /// `defaultValue` (null where nullable, the type's zero value otherwise); `false` loads none.
    public init(withDefaults: Bool) {
        self.init(entityValue: EntityValue(type: Self.entityType, withDefaults: withDefaults))
    }

    /// SAP's `isNew`: not yet read from or written to a service.
    public var isNew: Bool { entityValue.isNew }

    /// SAP's `rememberOld()`: the current values become `old`, and only later changes are sent by an update.
    public mutating func rememberOld() { entityValue.rememberOld() }
}

extension ComplexTypeProtocol {
    /// SAP's `Address(withDefaults: true)`: every property holds its `defaultValue`; `false` sets none.
    public init(withDefaults: Bool) {
        self.init(complexValue: ComplexValue(type: Self.complexType, withDefaults: withDefaults))
    }
}
