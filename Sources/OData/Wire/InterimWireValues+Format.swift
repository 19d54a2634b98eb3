import Foundation

extension InterimWireValues {
    /// The JSON text of a non-string primitive (Decimal, Int64, dates, times, GUIDs and binary quoted).
    static func jsonText(_ value: EdmValue) -> String {
        switch value {
        case .null, .complex, .collection: return "null"
        case .string(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .byte(let number): return String(number)
        case .sByte(let number): return String(number)
        case .int16(let number): return String(number)
        case .int32(let number): return String(number)
        case .int64(let number): return "\"\(number)\""
        case .decimal(let number): return "\"\(decimalText(number))\""
        case .double(let number): return floatingText(number, json: true)
        case .single(let number): return floatingText(Double(number), json: true)
        case .guid(let guid): return "\"\(guid.stringValue)\""
        case .binary(let data): return "\"\(data.base64EncodedString())\""
        case .time(let time): return "\"\(durationText(time))\""
        case .dateTime(let date): return "\"\\/Date(\(date.millisecondsSince1970))\\/\""
        case .dateTimeOffset(let date):
            let offset = date.offsetMinutes
            let sign = offset < 0 ? "-" : "+"
            let digits = String(abs(offset))
            return "\"\\/Date(\(date.millisecondsSince1970)\(sign)\(String(repeating: "0", count: 4 - digits.count))\(digits))\\/\""
        }
    }

    /// The Atom text of a primitive.
    static func atomText(_ value: EdmValue) -> String {
        switch value {
        case .null, .complex, .collection: return ""
        case .string(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .byte(let number): return String(number)
        case .sByte(let number): return String(number)
        case .int16(let number): return String(number)
        case .int32(let number): return String(number)
        case .int64(let number): return String(number)
        case .decimal(let number): return decimalText(number)
        case .double(let number): return floatingText(number, json: false)
        case .single(let number): return floatingText(Double(number), json: false)
        case .guid(let guid): return guid.stringValue
        case .binary(let data): return data.base64EncodedString()
        case .time(let time): return durationText(time)
        case .dateTime(let date): return isoText(ticks: date.ticks)
        case .dateTimeOffset(let date):
            let (local, _) = date.utcTicks.addingReportingOverflow(Int64(date.offsetMinutes) * 60 * Ticks.perSecond)
            let offset = date.offsetMinutes
            let zone =
                offset == 0
                ? "Z" : "\(offset < 0 ? "-" : "+")\(twoDigits(abs(offset) / 60)):\(twoDigits(abs(offset) % 60))"
            return isoText(ticks: local) + zone
        }
    }

    static func decimalText(_ number: BigDecimal) -> String {
        let negative = number.significand < 0
        var digits = String(number.significand.magnitude)
        if number.scale <= 0 {
            if number.significand != 0 { digits += String(repeating: "0", count: -number.scale) }
        } else {
            if digits.count <= number.scale { digits = String(repeating: "0", count: number.scale - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -number.scale))
        }
        return negative ? "-" + digits : digits
    }

    static func floatingText(_ number: Double, json: Bool) -> String {
        if number.isNaN { return json ? "\"NaN\"" : "NaN" }
        if number.isInfinite { return json ? (number < 0 ? "\"-INF\"" : "\"INF\"") : (number < 0 ? "-INF" : "INF") }
        return "\(number)"
    }

    static func durationText(_ time: LocalTime) -> String {
        var text = "PT\(time.hour)H\(time.minute)M\(time.second)"
        let fraction = time.ticks % Ticks.perSecond
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 7 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "S"
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `yyyy-mm-ddThh:mm:ss[.fffffff]` of ticks since 0001-01-01.
    static func isoText(ticks: Int64) -> String {
        let days = ticks / Ticks.perDay
        let within = ticks % Ticks.perDay
        let z = days - 719_162 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        let seconds = Int(within / Ticks.perSecond)
        var yearText = String(year)
        yearText = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        var text = "\(yearText)-\(twoDigits(month))-\(twoDigits(day))T"
        text += "\(twoDigits(seconds / 3600)):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
        let fraction = within % Ticks.perSecond
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 7 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
