import Foundation

/// Proleptic Gregorian calendar arithmetic on day counts (days since 0001-01-01), no Foundation calendar.
enum CivilCalendar {
    /// Days from 0001-01-01 to 1970-01-01.
    static let unixEpochDay: Int64 = 719_162

    /// Whether `year` is a leap year.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month of a year.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 0001-01-01 of a valid date (Howard Hinnant's days_from_civil, shifted).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468 + unixEpochDay
    }

    /// The date of a day number (days since 0001-01-01).
    static func date(dayNumber: Int64) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber - unixEpochDay + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Ticks since 0001-01-01 of valid parts (caller validated the ranges).
    static func ticks(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fractionTicks: Int64) -> Int64 {
        let days = dayNumber(year: year, month: month, day: day)
        let seconds = Int64(hour * 3600 + minute * 60 + second)
        return days * Ticks.perDay + seconds * Ticks.perSecond + fractionTicks
    }
}

/// The calendar parts of a tick count.
struct DateTimeParts: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    /// 100-ns ticks within the second, 0 ..< 10,000,000.
    var fractionTicks: Int64

    /// The parts of non-negative ticks since 0001-01-01.
    init(ticks: Int64) {
        let days = ticks / Ticks.perDay
        let within = ticks % Ticks.perDay
        (year, month, day) = CivilCalendar.date(dayNumber: days)
        let seconds = Int(within / Ticks.perSecond)
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
        fractionTicks = within % Ticks.perSecond
    }
}
