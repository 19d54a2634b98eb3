/// Byte-level parsers for date-time and time text forms.
extension EdmTextParsing {
    /// An ISO-8601 date-time: `yyyy-MM-ddTHH:mm[:ss[.fffffff]]` optionally followed by `Z` or `±HH:mm`.
    /// Returns the ticks of the local (written) date-time and the offset in minutes, nil when none was written.
    static func isoDateTime(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> (ticks: Int64, offsetMinutes: Int?) {
        var scanner = ByteScanner(bytes)
        guard let year = scanner.fixedDigits(4), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.fixedDigits(2), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.fixedDigits(2)
        else { throw ValueSyntaxError("expected yyyy-MM-dd") }
        guard (1...9999).contains(year) else { throw ValueSyntaxError("year \(year) outside 1…9999") }
        guard (1...12).contains(month) else { throw ValueSyntaxError("month \(month) outside 1…12") }
        guard day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            throw ValueSyntaxError("day \(day) does not exist in \(year)-\(month)")
        }
        guard scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t")) else {
            throw ValueSyntaxError("expected 'T' after the date")
        }
        let (hour, minute, second, fraction) = try clockTime(&scanner)
        var offset: Int?
        if scanner.consume(UInt8(ascii: "Z")) || scanner.consume(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = scanner.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.position += 1
            guard let hours = scanner.fixedDigits(2), scanner.consume(UInt8(ascii: ":")), let minutes = scanner.fixedDigits(2),
                hours <= 14, minutes <= 59
            else { throw ValueSyntaxError("expected an offset ±HH:mm") }
            let total = hours * 60 + minutes
            guard total <= 840 else { throw ValueSyntaxError("offset beyond ±14:00") }
            offset = sign == UInt8(ascii: "-") ? -total : total
        }
        guard scanner.isAtEnd else { throw ValueSyntaxError("unexpected text after the date-time") }
        let ticks = CivilCalendar.ticks(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fractionTicks: fraction)
        return (ticks, offset)
    }

    /// `HH:mm[:ss[.fffffff]]` at the scanner's position.
    static func clockTime(_ scanner: inout ByteScanner) throws(ValueSyntaxError) -> (Int, Int, Int, Int64) {
        guard let hour = scanner.fixedDigits(2), scanner.consume(UInt8(ascii: ":")), let minute = scanner.fixedDigits(2) else {
            throw ValueSyntaxError("expected HH:mm")
        }
        var second = 0
        var fraction: Int64 = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let value = scanner.fixedDigits(2) else { throw ValueSyntaxError("expected seconds") }
            second = value
            if scanner.consume(UInt8(ascii: ".")) {
                guard let ticks = scanner.fractionTicks() else { throw ValueSyntaxError("expected digits after '.'") }
                fraction = ticks
            }
        }
        guard hour <= 23, minute <= 59, second <= 59 else { throw ValueSyntaxError("time of day out of range") }
        return (hour, minute, second, fraction)
    }

    /// A time of day: an xsd:duration `PT[nH][nM][n[.f]S]` (also `P0DT…`) below 24 hours, or `HH:mm[:ss[.f]]`.
    static func timeOfDay(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> LocalTime {
        var scanner = ByteScanner(bytes)
        if scanner.peek() != UInt8(ascii: "P") {
            let (hour, minute, second, fraction) = try clockTime(&scanner)
            guard scanner.isAtEnd else { throw ValueSyntaxError("unexpected text after the time") }
            let ticks = Int64(hour * 3600 + minute * 60 + second) * Ticks.perSecond + fraction
            guard let time = LocalTime(ticks: ticks) else { throw ValueSyntaxError("time of day out of range") }
            return time
        }
        let total = try durationTicks(&scanner)
        guard let time = LocalTime(ticks: total) else { throw ValueSyntaxError("not a time of day (0 to 24 hours)") }
        return time
    }

    /// The ticks of an xsd:dayTimeDuration `P[nD][T[nH][nM][n[.f]S]]`, the scanner at its `P`; the whole input must be it.
    static func durationTicks(_ scanner: inout ByteScanner) throws(ValueSyntaxError) -> Int64 {
        scanner.position += 1
        var total: Int64 = 0
        var sawComponent = false
        if let days = scanner.digits(maxCount: 6) {
            guard scanner.consume(UInt8(ascii: "D")) else { throw ValueSyntaxError("expected 'D' after the days") }
            total = days.value * Ticks.perDay
            sawComponent = true
        }
        if scanner.consume(UInt8(ascii: "T")) {
            var sawTimeComponent = false
            var lastUnit = 0
            while let number = scanner.digits(maxCount: 12) {
                var fraction: Int64 = 0
                var hasFraction = false
                if scanner.consume(UInt8(ascii: ".")) {
                    guard let ticks = scanner.fractionTicks() else { throw ValueSyntaxError("expected digits after '.'") }
                    fraction = ticks
                    hasFraction = true
                }
                let unit: Int
                let multiplier: Int64
                if scanner.consume(UInt8(ascii: "H")) {
                    (unit, multiplier) = (1, 3600 * Ticks.perSecond)
                } else if scanner.consume(UInt8(ascii: "M")) {
                    (unit, multiplier) = (2, 60 * Ticks.perSecond)
                } else if scanner.consume(UInt8(ascii: "S")) {
                    (unit, multiplier) = (3, Ticks.perSecond)
                } else {
                    throw ValueSyntaxError("expected H, M or S after a number")
                }
                guard unit > lastUnit else { throw ValueSyntaxError("duration parts out of order") }
                guard !hasFraction || unit == 3 else { throw ValueSyntaxError("only seconds may have a fraction") }
                lastUnit = unit
                // number ≤ 10^12 and multiplier ≤ 3.6e10: the product may exceed Int64, so check.
                let (part, overflow) = number.value.multipliedReportingOverflow(by: multiplier)
                guard !overflow else { throw ValueSyntaxError("duration out of range") }
                let (sum, overflow2) = total.addingReportingOverflow(part)
                guard !overflow2 else { throw ValueSyntaxError("duration out of range") }
                let (withFraction, overflow3) = sum.addingReportingOverflow(fraction)
                guard !overflow3 else { throw ValueSyntaxError("duration out of range") }
                total = withFraction
                sawTimeComponent = true
            }
            guard sawTimeComponent else { throw ValueSyntaxError("expected a number after 'T'") }
            sawComponent = true
        }
        guard sawComponent else { throw ValueSyntaxError("empty duration") }
        guard scanner.isAtEnd else { throw ValueSyntaxError("unexpected text in the duration") }
        return total
    }

    /// A signed day-time duration, `[-]P[nD][T[nH][nM][n[.f]S]]` (OData v4 `Edm.Duration`).
    static func dayTimeDuration(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> DayTimeDuration {
        var scanner = ByteScanner(bytes)
        let negative = scanner.consume(UInt8(ascii: "-"))
        guard scanner.peek() == UInt8(ascii: "P") else { throw ValueSyntaxError("expected a duration (P…)") }
        let ticks = try durationTicks(&scanner)
        return DayTimeDuration(ticks: negative ? -ticks : ticks)
    }

    /// A calendar date `yyyy-mm-dd` (OData v4 `Edm.Date`).
    static func date(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> LocalDate {
        var scanner = ByteScanner(bytes)
        guard let year = scanner.fixedDigits(4), scanner.consume(UInt8(ascii: "-")), let month = scanner.fixedDigits(2),
            scanner.consume(UInt8(ascii: "-")), let day = scanner.fixedDigits(2), scanner.isAtEnd
        else { throw ValueSyntaxError("expected yyyy-mm-dd") }
        guard let date = LocalDate(year: year, month: month, day: day) else { throw ValueSyntaxError("no such date") }
        return date
    }

    /// A time of day `HH:mm[:ss[.f]]` (OData v4 `Edm.TimeOfDay`, which has no duration form).
    static func clockTimeOfDay(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> LocalTime {
        guard bytes.first != UInt8(ascii: "P") else { throw ValueSyntaxError("expected HH:mm:ss") }
        return try timeOfDay(bytes)
    }

    /// The JSON date form `/Date(ms)/` or `/Date(ms±offset)/`, also with escaped slashes (`\/Date(…)\/`).
    /// Returns milliseconds since 1970 (UTC) and the offset in minutes if present.
    static func jsonDate(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> (milliseconds: Int64, offsetMinutes: Int?) {
        var scanner = ByteScanner(bytes)
        _ = scanner.consume(UInt8(ascii: "\\"))
        guard scanner.consumeWord("/Date(", caseInsensitive: false) else { throw ValueSyntaxError("expected /Date(") }
        let negative = scanner.consume(UInt8(ascii: "-"))
        guard let digits = scanner.digits(maxCount: 18) else { throw ValueSyntaxError("expected milliseconds") }
        let milliseconds = negative ? -digits.value : digits.value
        var offset: Int?
        if let sign = scanner.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.position += 1
            guard let minutes = scanner.digits(maxCount: 4) else { throw ValueSyntaxError("expected offset minutes") }
            guard minutes.value <= 840 else { throw ValueSyntaxError("offset beyond 840 minutes") }
            offset = sign == UInt8(ascii: "-") ? -Int(minutes.value) : Int(minutes.value)
        }
        guard scanner.consume(UInt8(ascii: ")")) else { throw ValueSyntaxError("expected ')'") }
        _ = scanner.consume(UInt8(ascii: "\\"))
        guard scanner.consume(UInt8(ascii: "/")), scanner.isAtEnd else { throw ValueSyntaxError("expected )/ at the end") }
        return (milliseconds, offset)
    }

    /// An Edm.DateTime from an ISO string: a written offset (or `Z`) converts the value to UTC.
    static func localDateTime(iso bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> LocalDateTime {
        let (ticks, offset) = try isoDateTime(bytes)
        let utc = ticks - Int64(offset ?? 0) * 60 * Ticks.perSecond
        guard let value = LocalDateTime(ticks: utc) else { throw ValueSyntaxError("outside years 1…9999 in UTC") }
        return value
    }

    /// An Edm.DateTimeOffset from an ISO string; no offset written means UTC.
    static func globalDateTime(iso bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> GlobalDateTime {
        let (ticks, offset) = try isoDateTime(bytes)
        let minutes = offset ?? 0
        let utc = ticks - Int64(minutes) * 60 * Ticks.perSecond
        guard let value = GlobalDateTime(utcTicks: utc, offsetMinutes: minutes) else {
            throw ValueSyntaxError("outside years 1…9999 in UTC")
        }
        return value
    }

    /// An Edm.DateTime from `/Date(ms)/` (an offset, if written, is ignored: ms is already UTC).
    static func localDateTime(jsonDate bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> LocalDateTime {
        let (milliseconds, _) = try jsonDate(bytes)
        guard let value = LocalDateTime(millisecondsSince1970: milliseconds) else {
            throw ValueSyntaxError("outside years 1…9999")
        }
        return value
    }

    /// An Edm.DateTimeOffset from `/Date(ms±offset)/` (no offset means UTC).
    static func globalDateTime(jsonDate bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> GlobalDateTime {
        let (milliseconds, offset) = try jsonDate(bytes)
        guard let value = GlobalDateTime(millisecondsSince1970: milliseconds, offsetMinutes: offset ?? 0) else {
            throw ValueSyntaxError("outside years 1…9999")
        }
        return value
    }
}
