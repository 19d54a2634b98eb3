import Foundation
import OData

// The value helpers as SAP's SDK spells them, beside the runtime's own names (`BigDecimal(_:)`,
// `LocalDateTime(year:…)`, `GuidValue(string:)`). The factories SAP declares non-optional are in
// SAPValueShapes.swift; division, which SAP lets trap on a zero divisor, throws. README, "Porting from SAPOData",
// lists each difference.

extension BigDecimal {
    /// SAP's `BigDecimal.fromInt(_:)`: `value` with scale 0.
    public static func fromInt(_ value: Int) -> BigDecimal { BigDecimal(value) }

    /// SAP's `BigDecimal.fromLong(_:)`: `value` with scale 0.
    public static func fromLong(_ value: Int64) -> BigDecimal { BigDecimal(value) }

    /// SAP's `BigDecimal.parse(_:)`: the decimal `text` spells (`init(parsing:)`), nil when malformed.
    public static func parse(_ text: String) -> BigDecimal? { BigDecimal(string: text) }

    /// SAP's `add(_:)`: the exact sum (`adding(_:)`).
    public func add(_ other: BigDecimal) -> BigDecimal { adding(other) }

    /// SAP's `subtract(_:)`: the exact difference (`subtracting(_:)`).
    public func subtract(_ other: BigDecimal) -> BigDecimal { subtracting(other) }

    /// SAP's `multiply(_:)`: the exact product (`multiplied(by:)`).
    public func multiply(_ other: BigDecimal) -> BigDecimal { multiplied(by: other) }

    /// SAP's `divide(_:)`: the quotient as `divided(by:)` computes it; throws for a zero divisor.
    public func divide(_ divisor: BigDecimal) throws(ODataValueError) -> BigDecimal { try divided(by: divisor) }

    /// SAP's `toString()`: the decimal's text (`description`).
    public func toString() -> String { description }
}

extension LocalDateTime {
    /// SAP's `LocalDateTime.now()`: the current date-time in UTC.
    public static func now() -> LocalDateTime { LocalDateTime(utc: Date()) ?? LocalDateTime(ticks: Ticks.unixEpoch)! }

    /// SAP's `LocalDateTime.parse(_:)`: ISO-8601 text (`init(isoString:)`), nil when malformed.
    public static func parse(_ text: String) -> LocalDateTime? { try? LocalDateTime(isoString: text) }

    /// SAP's `LocalDateTime.from(utc:)`: the UTC date-time of a `Date`; nil outside years 1…9999.
    public static func from(utc date: Date) -> LocalDateTime? { LocalDateTime(utc: date) }

    /// SAP's `toString()`: ISO-8601 text (`isoString`).
    public func toString() -> String { isoString }
}

extension GlobalDateTime {
    /// SAP's `GlobalDateTime.now()`: the current instant with offset zero.
    public static func now() -> GlobalDateTime {
        GlobalDateTime(utc: Date()) ?? GlobalDateTime(utcTicks: Ticks.unixEpoch, offsetMinutes: 0)!
    }

    /// SAP's `GlobalDateTime.parse(_:)`: ISO-8601 text with an optional offset, nil when malformed.
    public static func parse(_ text: String) -> GlobalDateTime? { try? GlobalDateTime(isoString: text) }

    /// SAP's `GlobalDateTime.from(utc:)`: the instant of a `Date` with offset zero.
    public static func from(utc date: Date) -> GlobalDateTime? { GlobalDateTime(utc: date) }

    /// SAP's `toString()`: ISO-8601 text with the offset (`isoString`).
    public func toString() -> String { isoString }
}

extension GuidValue {
    /// SAP's `GuidValue.parse(_:)`: `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in any case, nil when malformed.
    public static func parse(_ text: String) -> GuidValue? { GuidValue(string: text) }

    /// SAP's `equal(_:)`: whether both denote the same GUID (`==`).
    public func equal(_ other: GuidValue) -> Bool { self == other }

    /// SAP's `GuidValue.equal(x:y:)`: whether both denote the same GUID, or both are nil.
    public static func equal(x: GuidValue?, y: GuidValue?) -> Bool { x == y }

    /// SAP's `toString()`: the canonical lowercase text (`stringValue`).
    public func toString() -> String { stringValue }
}
