import Foundation
import OData

/// One typed column: a primitive property of the entity set's type.
struct EntityColumn: Sendable {
    let property: PropertyDescriptor
    let kind: ColumnKind
    let type: EdmType
    /// The quoted column name (`"p_City"`).
    let name: String
}

/// The typed table of one entity set (`"v_Customers"`): the row id of the entity's `entities` row and one
/// column per primitive property of the set's type (keys, foreign keys and every other property, each with
/// the SQLite type of its EDM type). What no column holds exactly — complex and collection values,
/// properties of derived types, NaN, date-time offsets — is kept as JSON in the entity's `body` (empty when
/// there is nothing). The staging table `"a_Customers"` holds downloaded rows until a download applies.
struct EntityTable: Sendable {
    let set: String
    let type: EntityTypeDescriptor
    let columns: [EntityColumn]
    /// The quoted table name.
    let name: String
    /// The quoted staging table name.
    let staged: String
    /// The column of each property name.
    let columnIndex: [String: Int]
    /// The select list of a stored row: the `e.` metadata columns, then the `v.` typed columns.
    let selectList: String
    /// Where each column's property sits in the types the table's rows are read as or written from.
    let slotCache = SlotCache()
    /// The slots in the table's own type.
    let ownSlots: [Int?]
    /// The statement that stages a downloaded row: `ekey`, the eight metadata columns, the typed columns,
    /// then `unset` and `body` (see `bind(_:to:from:)`).
    let stagingSQL: String

    init(set: String, type: EntityTypeDescriptor) {
        self.set = set
        self.type = type
        var columns: [EntityColumn] = []
        for property in type.properties {
            guard case .primitive(let edmType) = property.type else { continue }
            columns.append(
                EntityColumn(property: property, kind: ColumnKind(edmType), type: edmType, name: Self.quote("p_" + property.name)))
        }
        self.columns = columns
        name = Self.quote("v_" + set)
        staged = Self.quote("a_" + set)
        columnIndex = Dictionary(columns.enumerated().map { ($1.property.name, $0) }, uniquingKeysWith: { first, _ in first })
        ownSlots = columns.map { $0.property.index }
        selectList = (EntityRow.metadataColumns.map { "e." + $0 } + columns.map { "v." + $0.name }).joined(separator: ", ")
        stagingSQL = """
            INSERT INTO \(staged)(ekey, uri, edit_link, etag, media_read, media_edit, media_type, media_etag, type_name\(
                columns.map { ", " + $0.name }.joined()), unset, body) VALUES(?,?,?,?,?,?,?,?,?\(String(repeating: ",?", count: columns.count + 2)))
            """
    }

    /// An identifier in double quotes.
    static func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The column list, each with a table prefix (`v.`).
    func columnList(prefix: String = "") -> String { columns.map { prefix + $0.name }.joined(separator: ", ") }

    /// The statements that create the table, its staging table, the index on the key and the trigger that
    /// removes a row with its entity (`foreignKeys`: the property lists to index as foreign keys). The staging
    /// table `"a_Customers"` is a temporary table of the connection (made at each open; its pages go to SQLite's
    /// temporary file, not through the store's WAL) and append-only, without an index (staging a row is one
    /// append; an entity staged twice has two rows, the later one wins when applied). The persistent, indexed
    /// `"s_Customers"` of earlier stores is dropped.
    func schema(foreignKeys: [[String]]) -> String {
        let declarations = columns.map { "\($0.name) \($0.kind.declaration)" }
        let plain = columns.map(\.name)
        var sql = """
            CREATE TABLE IF NOT EXISTS \(name)(id INTEGER PRIMARY KEY\(declarations.map { ", " + $0 }.joined()));
            DROP TABLE IF EXISTS \(Self.quote("s_" + set));
            CREATE TEMP TABLE IF NOT EXISTS \(staged)(ekey TEXT NOT NULL, uri TEXT, edit_link TEXT, etag TEXT, media_read TEXT,
              media_edit TEXT, media_type TEXT, media_etag TEXT, type_name TEXT, unset TEXT, body BLOB\(plain.map { ", " + $0 }.joined()));
            CREATE TRIGGER IF NOT EXISTS \(Self.quote("d_" + set)) AFTER DELETE ON entities WHEN old.eset = '\(set.replacingOccurrences(of: "'", with: "''"))'
              BEGIN DELETE FROM \(name) WHERE id = old.id; END;

            """
        let keys = type.keyProperties.compactMap { columnIndex[$0.name].map { columns[$0].name } }
        if !keys.isEmpty { sql += "CREATE INDEX IF NOT EXISTS \(Self.quote("k_" + set)) ON \(name)(\(keys.joined(separator: ", ")));\n" }
        for properties in foreignKeys {
            let names = properties.compactMap { columnIndex[$0].map { columns[$0].name } }
            guard names.count == properties.count, !names.isEmpty, names != keys else { continue }
            let index = Self.quote("f_" + set + "_" + properties.joined(separator: "_"))
            sql += "CREATE INDEX IF NOT EXISTS \(index) ON \(name)(\(names.joined(separator: ", ")));\n"
        }
        return sql
    }

    // MARK: Values

    /// The column values of an entity, the JSON of what the columns do not hold exactly (empty when nothing),
    /// and the names of the properties with a column that the entity has not loaded (nil when none).
    func values(of entity: EntityValue) -> (columns: [SQLValue], extra: Data, unset: String?) {
        var result: [SQLValue] = []
        result.reserveCapacity(columns.count)
        let (extra, unset) = visit(entity) { _, value in result.append(value) }
        return (result, extra, unset)
    }

    /// Binds an entity's column values to the parameters from `first` on, in column order; returns the extra
    /// JSON and the unloaded names (as `values(of:)`), to bind after them.
    func bind(_ entity: EntityValue, to statement: SQLStatement, from first: Int32) -> (extra: Data, unset: String?) {
        visit(entity) { column, value in statement.bind(first + Int32(column), value) }
    }

    /// Calls `sink` with each column's stored value in order; returns the extra JSON and the unloaded names.
    private func visit(_ entity: EntityValue, _ sink: (Int, SQLValue) -> Void) -> (extra: Data, unset: String?) {
        let sameType = entity.entityType === type
        let values = entity.values
        let slots = slots(in: entity.entityType)
        var extras: [Int] = []
        var unset: [String] = []
        for (position, column) in columns.enumerated() {
            let slot = slots[position]
            let value = slot.flatMap { values[$0] }
            if value == nil { unset.append(column.property.name) }
            let (stored, exact) = Self.sqlValue(value ?? .null)
            sink(position, stored)
            if !exact, let slot { extras.append(slot) }
        }
        let unsetNames = unset.isEmpty ? nil : unset.joined(separator: ",")
        if sameType && extras.isEmpty && columns.count == type.properties.count { return (Data(), unsetNames) }
        // Properties without a column (complex, collections, a derived type's own) go to the extra JSON.
        for property in entity.entityType.properties where columnIndex[property.name] == nil && values[property.index] != nil {
            extras.append(property.index)
        }
        guard !extras.isEmpty else { return (Data(), unsetNames) }
        var loaded: [EdmValue?] = Array(repeating: nil, count: entity.entityType.properties.count)
        for index in extras { loaded[index] = values[index] }
        let plain = EntityValue(
            type: entity.entityType, loadedValues: loaded,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: EntityMetadata())
        return (ODataJSONEncoder().encodeForCreate(plain), unsetNames)
    }

    /// A value as stored in its column, and whether the column holds it exactly.
    static func sqlValue(_ value: EdmValue) -> (SQLValue, Bool) {
        switch value {
        case .null: return (.null, true)
        case .string(let text): return (.text(text), true)
        case .boolean(let flag): return (.integer(flag ? 1 : 0), true)
        case .int32(let number): return (.integer(Int64(number)), true)
        case .int64(let number): return (.integer(number), true)
        case .int16(let number): return (.integer(Int64(number)), true)
        case .byte(let number): return (.integer(Int64(number)), true)
        case .sByte(let number): return (.integer(Int64(number)), true)
        case .double(let number): return number.isNaN ? (.null, false) : (.real(number), true)
        case .single(let number): return number.isNaN ? (.null, false) : (.real(Double(number)), true)
        case .decimal(let number): return (.text(number.description), true)
        case .dateTime(let date): return (.integer(date.ticks), true)
        case .dateTimeOffset(let date): return (.integer(date.utcTicks), false)
        case .time(let time): return (.integer(time.ticks), true)
        case .date(let date): return (.text(date.isoString), true)
        case .duration(let duration): return (.integer(duration.ticks), true)
        case .guid(let guid): return (.text(guid.stringValue), true)
        case .binary(let data): return (.blob(data), true)
        case .complex, .collection, .stream: return (.null, false)
        }
    }

    /// Column `index` of a statement row as an EDM value of the column's type (nil when it does not fit it).
    static func edmValue(_ row: SQLRow, _ index: Int32, _ type: EdmType) -> EdmValue? {
        if row.isNull(index) { return .null }
        switch type {
        case .string: return row.text(index).map(EdmValue.string)
        case .boolean: return .boolean(row.integer(index) != 0)
        case .int32: return Int32(exactly: row.integer(index)).map(EdmValue.int32)
        case .double: return .double(row.real(index))
        default: return edmValue(row.value(index), type)
        }
    }

    /// A column value as an EDM value of the column's type (nil when the stored value does not fit it).
    static func edmValue(_ value: SQLValue, _ type: EdmType) -> EdmValue? {
        switch (value, type) {
        case (.null, _): return .null
        case (.text(let text), .string): return .string(text)
        case (.text(let text), .guid): return GuidValue(string: text).map(EdmValue.guid)
        case (.text(let text), .decimal): return BigDecimal(string: text).map(EdmValue.decimal)
        case (.integer(let number), .boolean): return .boolean(number != 0)
        case (.integer(let number), .int32): return Int32(exactly: number).map(EdmValue.int32)
        case (.integer(let number), .int64): return .int64(number)
        case (.integer(let number), .int16): return Int16(exactly: number).map(EdmValue.int16)
        case (.integer(let number), .byte): return UInt8(exactly: number).map(EdmValue.byte)
        case (.integer(let number), .sByte): return Int8(exactly: number).map(EdmValue.sByte)
        case (.real(let number), .double): return .double(number)
        case (.integer(let number), .double): return .double(Double(number))
        case (.real(let number), .single): return .single(Float(number))
        case (.integer(let number), .single): return .single(Float(number))
        case (.integer(let ticks), .dateTime): return LocalDateTime(ticks: ticks).map(EdmValue.dateTime)
        case (.integer(let ticks), .dateTimeOffset): return GlobalDateTime(utcTicks: ticks, offsetMinutes: 0).map(EdmValue.dateTimeOffset)
        case (.integer(let ticks), .time): return LocalTime(ticks: ticks).map(EdmValue.time)
        case (.integer(let ticks), .timeOfDay): return LocalTime(ticks: ticks).map(EdmValue.time)
        case (.integer(let ticks), .duration): return .duration(DayTimeDuration(ticks: ticks))
        case (.text(let text), .date): return (try? LocalDate(parsing: text)).map(EdmValue.date)
        case (.blob(let data), .binary): return .binary(data)
        default: return nil
        }
    }

    /// The index in `type`'s properties of each column's property (by name; nil where the type has none),
    /// computed once per type: generated containers and the store's model have distinct descriptors.
    func slots(in type: EntityTypeDescriptor) -> [Int?] {
        if type === self.type { return ownSlots }
        return slotCache.slots(for: type) { type in columns.map { type.property(named: $0.property.name)?.index } }
    }
}

/// The column slots of the entity types a table met, keyed by descriptor identity (the descriptors are kept,
/// so an identity is never reused).
final class SlotCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: (type: EntityTypeDescriptor, slots: [Int?])] = [:]

    func slots(for type: EntityTypeDescriptor, make: (EntityTypeDescriptor) -> [Int?]) -> [Int?] {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[ObjectIdentifier(type)] { return entry.slots }
        let slots = make(type)
        entries[ObjectIdentifier(type)] = (type, slots)
        return slots
    }
}
