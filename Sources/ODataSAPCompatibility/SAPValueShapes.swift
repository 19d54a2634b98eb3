import Foundation
import OData

// SAP's value factories that return a value where the runtime's own forms return an optional (nil on bad input).
// README, "Porting from SAPOData".
//
// - `BigDecimal.fromDouble`, `GuidValue.literal`, `LocalDateTime.of` and `GlobalDateTime.of` are declared as SAP
//   declares them: non-optional. Like SAP's, they trap on bad input, with a message that names the call and the
//   input; Swift-native code uses the failable `BigDecimal(_:)`, `GuidValue(string:)`, `LocalDateTime(year:…)`.
// - `BigDecimal.parse` and `GuidValue.parse` have both shapes (SAP code uses both): the optional one, and SAP's
//   non-optional one as a disfavoured overload, which the type checker picks only where the code needs a
//   non-optional (`let d: BigDecimal = BigDecimal.parse(text)`, `GuidValue.parse(text).toString()`).
// - SAP's `LocalDateTime.utc(from:)` returns `Date?`: beside our `utc() -> Date`, the form with a time zone
//   parameter (defaulted, as SAP's) is chosen where the code needs an optional (`utc()!`, `if let`, `?.`
//   after it); a plain `utc()` keeps the non-optional form.

extension BigDecimal {
    /// SAP's `BigDecimal.fromDouble(_:)`: the shortest decimal that reads back as `value`; traps for NaN or
    /// infinity (`BigDecimal(_:)` returns nil).
    public static func fromDouble(_ value: Double) -> BigDecimal {
        guard let decimal = BigDecimal(value) else {
            preconditionFailure("BigDecimal.fromDouble(\(value)): not a finite number (SAP's non-optional form)")
        }
        return decimal
    }

    /// SAP's non-optional `BigDecimal.parse(_:)`, chosen where a non-optional is needed; traps on malformed text
    /// (the optional form returns nil).
    @_disfavoredOverload
    public static func parse(_ text: String) -> BigDecimal {
        guard let decimal = BigDecimal(string: text) else {
            preconditionFailure("BigDecimal.parse(\"\(text.prefix(100))\"): not a decimal (SAP's non-optional form)")
        }
        return decimal
    }
}

extension GuidValue {
    /// SAP's non-optional `GuidValue.parse(_:)`, chosen where a non-optional is needed; traps on malformed text
    /// (the optional form returns nil).
    @_disfavoredOverload
    public static func parse(_ text: String) -> GuidValue {
        guard let guid = GuidValue(string: text) else {
            preconditionFailure("GuidValue.parse(\"\(text.prefix(100))\"): not a GUID (SAP's non-optional form)")
        }
        return guid
    }

    /// SAP's `GuidValue.literal(_:)` for a GUID written in source; traps on malformed text (use `parse`).
    public static func literal(_ text: String) -> GuidValue { parse(text) }
}

extension LocalDateTime {
    /// SAP's `LocalDateTime.of(year:month:day:hour:minute:second:nano:)`; traps when a part is out of range
    /// (`LocalDateTime(year:…)` returns nil).
    public static func of(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nano: Int = 0
    ) -> LocalDateTime {
        guard
            let value = LocalDateTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nano)
        else {
            preconditionFailure(
                "LocalDateTime.of(year: \(year), month: \(month), day: \(day), hour: \(hour), minute: \(minute), "
                    + "second: \(second), nano: \(nano)): out of range (SAP's non-optional form)")
        }
        return value
    }

    /// SAP's `utc(from:)`: the instant this local date-time denotes in `timeZone` (GMT by default, as `utc()`).
    /// Optional as SAP's is; never nil here. A plain `utc()` call keeps the non-optional `utc()`.
    public func utc(from timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> Date? {
        let asGMT = utc()
        // the offset in force at the instant meant (found from the offset at the GMT reading, then corrected)
        let guess = asGMT.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: asGMT)))
        return asGMT.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))
    }
}

extension GlobalDateTime {
    /// SAP's `GlobalDateTime.of(…)`: local parts and an offset in minutes; traps when a part or the offset is out
    /// of range (`GlobalDateTime(year:…)` returns nil).
    public static func of(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nano: Int = 0, offset: Int = 0
    ) -> GlobalDateTime {
        guard
            let value = GlobalDateTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nano,
                offsetMinutes: offset)
        else {
            preconditionFailure(
                "GlobalDateTime.of(year: \(year), month: \(month), day: \(day), …, offset: \(offset)): out of range "
                    + "(SAP's non-optional form)")
        }
        return value
    }
}
