import OData

/// How a primitive property is kept in its column, and how SQLite compares it there.
enum ColumnKind: Sendable, Hashable {
    /// `TEXT COLLATE odata_utf16` (Edm.String).
    case text
    /// `TEXT` in lower case (Edm.Guid), ordered as the evaluator orders GUIDs.
    case guid
    /// `INTEGER` (Edm.Byte, SByte, Int16, Int32; `isWide` for Int64).
    case integer(isWide: Bool)
    /// `INTEGER` 0/1 (Edm.Boolean).
    case boolean
    /// `REAL` (Edm.Double; `isSingle` for Edm.Single). NaN is kept in the entity's extra values.
    case real(isSingle: Bool)
    /// `TEXT COLLATE odata_decimal`: the exact decimal text, compared as numbers.
    case decimal
    /// `INTEGER` ticks (Edm.DateTime).
    case dateTime
    /// `INTEGER` UTC ticks (Edm.DateTimeOffset); the offset is kept in the entity's extra values.
    case dateTimeOffset
    /// `INTEGER` ticks (Edm.Time).
    case time
    /// `BLOB` (Edm.Binary).
    case binary

    init(_ type: EdmType) {
        switch type {
        case .string, .date, .stream, .untyped: self = .text
        case .guid: self = .guid
        case .byte, .sByte, .int16, .int32: self = .integer(isWide: false)
        case .int64: self = .integer(isWide: true)
        case .boolean: self = .boolean
        case .double: self = .real(isSingle: false)
        case .single: self = .real(isSingle: true)
        case .decimal: self = .decimal
        case .dateTime: self = .dateTime
        case .dateTimeOffset: self = .dateTimeOffset
        case .time, .timeOfDay, .duration: self = .time
        case .binary: self = .binary
        }
    }

    /// The column's SQL type (with its collation).
    var declaration: String {
        switch self {
        case .text: return "TEXT COLLATE odata_utf16"
        case .guid: return "TEXT"
        case .decimal: return "TEXT COLLATE odata_decimal"
        case .real: return "REAL"
        case .binary: return "BLOB"
        case .integer, .boolean, .dateTime, .dateTimeOffset, .time: return "INTEGER"
        }
    }

    /// The collation to name in comparisons of values of this kind.
    var collation: String? {
        switch self {
        case .text: return "odata_utf16"
        case .decimal: return "odata_decimal"
        default: return nil
        }
    }
}
