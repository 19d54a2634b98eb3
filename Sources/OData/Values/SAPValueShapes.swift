import Foundation

// SAP's shapes of value factories and conversions where they differ from this module's own in optionality.
// README, "Porting from SAPOData".
//
// - SAP's factories return a value where ours return an optional (nil on bad input). SAP's shape is offered
//   beside ours as a disfavoured overload: the type checker picks it only where the code needs a non-optional
//   (`BigDecimal.fromDouble(1.5).add(x)`, `let d: BigDecimal = …`); `let x = BigDecimal.fromDouble(y)` and
//   assignments to generated (optional) properties keep the optional form. Like SAP's, these trap on bad
//   input, with a message that names the call and the input.
// - SAP's `LocalDateTime.utc(from:)` returns `Date?`: beside our `utc() -> Date`, the form with a time zone
//   parameter (defaulted, as SAP's) is chosen where the code needs an optional (`utc()!`, `if let`, `?.`
//   after it); a plain `utc()` keeps the non-optional form.

extension BigDecimal {
    /// SAP's non-optional `BigDecimal.fromDouble(_:)`, chosen where a non-optional is needed; traps for NaN or
    /// infinity (the optional form returns nil).
    @_disfavoredOverload
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

    /// SAP's non-optional `GuidValue.literal(_:)`, chosen where a non-optional is needed; traps on malformed text.
    @_disfavoredOverload
    public static func literal(_ text: String) -> GuidValue { parse(text) }
}

extension LocalDateTime {
    /// SAP's non-optional `LocalDateTime.of(…)`, chosen where a non-optional is needed; traps when a part is out
    /// of range (the optional form returns nil).
    @_disfavoredOverload
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
    /// SAP's non-optional `GlobalDateTime.of(…)`, chosen where a non-optional is needed; traps when a part or the
    /// offset is out of range (the optional form returns nil).
    @_disfavoredOverload
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
