import CSQLCipher
import Foundation
import OData

/// The collations and functions the store's SQL uses so that SQLite compares and computes as the SDK's
/// in-memory evaluator does: strings in UTF-16 code-unit order (`odata_utf16`), decimals exactly
/// (`odata_decimal`), and the string and date functions whose SQLite built-ins differ (ASCII-only case
/// mapping, character rather than UTF-16 positions). Every function returns NULL for a NULL argument and
/// raises an SQL error where the evaluator throws, so that the store then asks the evaluator.
enum SQLiteFunctions {
    /// Registers the collations and functions on a connection.
    static func register(_ db: OpaquePointer) {
        sqlite3_create_collation_v2(db, "odata_utf16", SQLITE_UTF8, nil, compareUTF16, nil)
        sqlite3_create_collation_v2(db, "odata_decimal", SQLITE_UTF8, nil, compareDecimals, nil)
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        sqlite3_create_function_v2(db, "odata_lower", 1, flags, nil, lower, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_upper", 1, flags, nil, upper, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_trim", 1, flags, nil, trim, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_length", 1, flags, nil, length, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_indexof", 2, flags, nil, indexOf, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_substring", 2, flags, nil, substring, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_substring", 3, flags, nil, substring, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_datepart", 2, flags, nil, datePart, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_round", 2, flags, nil, round, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_int32", 1, flags, nil, int32Checked, nil, nil, nil)
        sqlite3_create_function_v2(db, "odata_int64", 1, flags, nil, int64Checked, nil, nil, nil)
    }

    /// UTF-16 code-unit order on UTF-8 text: byte order, except that characters U+E000…U+FFFF (lead bytes
    /// 0xEE, 0xEF) sort after the supplementary planes (lead bytes 0xF0…0xF4), whose UTF-16 surrogates are smaller.
    private static let compareUTF16:
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = {
            _, count1, bytes1, count2, bytes2 in
            let a = bytes1?.assumingMemoryBound(to: UInt8.self)
            let b = bytes2?.assumingMemoryBound(to: UInt8.self)
            let shorter = Int(min(count1, count2))
            var index = 0
            while index < shorter {
                let x = a?[index] ?? 0
                let y = b?[index] ?? 0
                if x != y {
                    func rank(_ byte: UInt8) -> Int { byte == 0xEE || byte == 0xEF ? Int(byte) + 0x10 : Int(byte) }
                    let isLead = x >= 0xC0 && y >= 0xC0
                    return (isLead ? rank(x) < rank(y) : x < y) ? -1 : 1
                }
                index += 1
            }
            return count1 == count2 ? 0 : (count1 < count2 ? -1 : 1)
        }

    /// Exact order of decimal text (`12.5` equals `12.50`); text that is not a decimal sorts after decimals, bytewise.
    private static let compareDecimals:
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32 = {
            _, count1, bytes1, count2, bytes2 in
            func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
                guard let bytes else { return "" }
                return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
            }
            let x = text(bytes1, count1)
            let y = text(bytes2, count2)
            switch (BigDecimal(string: x), BigDecimal(string: y)) {
            case (let p?, let q?): return p < q ? -1 : (q < p ? 1 : 0)
            case (_?, nil): return -1
            case (nil, _?): return 1
            default: return x == y ? 0 : (x < y ? -1 : 1)
            }
        }

    // MARK: Functions

    private typealias Function = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void

    /// The text of argument `index`, nil for NULL.
    private static func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ index: Int) -> String? {
        guard let value = arguments?[index], sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else {
            return nil
        }
        return String(cString: bytes)
    }

    /// The integer of argument `index`, nil for NULL or a non-integer.
    private static func integer(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ index: Int) -> Int64? {
        guard let value = arguments?[index], sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    private static func isNull(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ count: Int32) -> Bool {
        (0..<Int(count)).contains { arguments?[$0].map { sqlite3_value_type($0) == SQLITE_NULL } ?? true }
    }

    private static func result(_ context: OpaquePointer?, _ text: String) {
        sqlite3_result_text(context, text, -1, csqlite_transient())
    }

    private static func fail(_ context: OpaquePointer?, _ message: String) {
        sqlite3_result_error(context, message, -1)
    }

    private static let lower: Function = { context, _, arguments in
        guard let value = text(arguments, 0) else { return sqlite3_result_null(context) }
        result(context, value.lowercased())
    }

    private static let upper: Function = { context, _, arguments in
        guard let value = text(arguments, 0) else { return sqlite3_result_null(context) }
        result(context, value.uppercased())
    }

    private static let trim: Function = { context, _, arguments in
        guard let value = text(arguments, 0) else { return sqlite3_result_null(context) }
        result(context, value.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static let length: Function = { context, _, arguments in
        guard let value = text(arguments, 0) else { return sqlite3_result_null(context) }
        sqlite3_result_int64(context, Int64(value.utf16.count))
    }

    /// `indexof(text, find)`: the UTF-16 offset of the first ordinal occurrence, -1 when none.
    private static let indexOf: Function = { context, _, arguments in
        guard let haystack = text(arguments, 0).map({ Array($0.utf16) }), let needle = text(arguments, 1).map({ Array($0.utf16) })
        else { return sqlite3_result_null(context) }
        var found: Int64 = -1
        if needle.isEmpty {
            found = 0
        } else if haystack.count >= needle.count {
            for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
                found = Int64(start)
                break
            }
        }
        sqlite3_result_int64(context, found)
    }

    /// `substring(text, start[, length])` in UTF-16 units; a negative start or length is an error.
    private static let substring: Function = { context, count, arguments in
        if isNull(arguments, count) { return sqlite3_result_null(context) }
        guard let value = text(arguments, 0), let start = integer(arguments, 1), start >= 0 else {
            return fail(context, "substring needs a non-negative integer start")
        }
        let units = Array(value.utf16)
        let from = min(Int(clamping: start), units.count)
        var to = units.count
        if count == 3 {
            guard let length = integer(arguments, 2), length >= 0 else { return fail(context, "substring needs a non-negative length") }
            to = min(units.count, from + Int(clamping: min(length, Int64(units.count))))
        }
        result(context, String(decoding: units[from..<to], as: UTF16.self))
    }

    /// `odata_datepart(part, ticks)`: year, month, day, hour, minute or second (UTC) of date-time ticks.
    private static let datePart: Function = { context, _, arguments in
        guard let part = text(arguments, 0), let ticks = integer(arguments, 1) else { return sqlite3_result_null(context) }
        guard let date = LocalDateTime(ticks: ticks) else { return fail(context, "date-time ticks out of range") }
        let value: Int
        switch part {
        case "year": value = date.year
        case "month": value = date.month
        case "day": value = date.day
        case "hour": value = date.hour
        case "minute": value = date.minute
        default: value = date.second
        }
        sqlite3_result_int64(context, Int64(value))
    }

    /// `odata_round(kind, number)`: round (half away from zero), floor or ceiling of a double.
    private static let round: Function = { context, _, arguments in
        guard let kind = text(arguments, 0), let value = arguments?[1], sqlite3_value_type(value) != SQLITE_NULL else {
            return sqlite3_result_null(context)
        }
        let rule: FloatingPointRoundingRule = kind == "round" ? .toNearestOrAwayFromZero : (kind == "floor" ? .down : .up)
        sqlite3_result_double(context, sqlite3_value_double(value).rounded(rule))
    }

    /// An integer result of Edm.Int32 arithmetic; out of range is an error, as in the evaluator.
    private static let int32Checked: Function = { context, _, arguments in
        guard let value = arguments?[0], sqlite3_value_type(value) != SQLITE_NULL else { return sqlite3_result_null(context) }
        guard let number = integer(arguments, 0), Int32(exactly: number) != nil else { return fail(context, "Edm.Int32 overflow") }
        sqlite3_result_int64(context, number)
    }

    /// An integer result of Edm.Int64 arithmetic; SQLite's overflow into a real is an error, as in the evaluator.
    private static let int64Checked: Function = { context, _, arguments in
        guard let value = arguments?[0], sqlite3_value_type(value) != SQLITE_NULL else { return sqlite3_result_null(context) }
        guard let number = integer(arguments, 0) else { return fail(context, "Edm.Int64 overflow") }
        sqlite3_result_int64(context, number)
    }
}
