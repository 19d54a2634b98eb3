/// The summary's text form, which generated code embeds: one tab-separated line per element
/// (`S` set, `T` type, `P` property, `N` navigation, `F` function import, `A` parameter; members follow their owner).
extension ModelSummary {
    /// The text form, with the Swift names when `swiftNames` is true.
    public func text(swiftNames: Bool = true) -> String {
        var lines: [String] = [Self.containerLine.line(self, swiftNames: swiftNames)]
        for set in entitySets { lines.append(Self.setLine.line(set, swiftNames: swiftNames)) }
        for type in types {
            lines.append(Self.typeLine.line(type, swiftNames: swiftNames))
            for property in type.properties { lines.append(Self.propertyLine.line(property, swiftNames: swiftNames)) }
            for navigation in type.navigations { lines.append(Self.navigationLine.line(navigation, swiftNames: swiftNames)) }
        }
        for function in functions {
            lines.append(Self.functionLine.line(function, swiftNames: swiftNames))
            for parameter in function.parameters { lines.append(Self.parameterLine.line(parameter, swiftNames: swiftNames)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A stable fingerprint of the model (not of the Swift names): FNV-1a 64 of the text form, `fnv1a64:<16 hex digits>`.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text(swiftNames: false).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads the text form; a malformed line throws a `MetadataError` of kind `.io` naming the line.
    public init(text: String) throws(MetadataError) {
        self.init(container: "", entitySets: [], types: [], functions: [])
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields[0] {
            case Self.containerLine.tag: container = Self.containerLine.record(fields).container
            case Self.setLine.tag: entitySets.append(Self.setLine.record(fields))
            case Self.typeLine.tag: types.append(Self.typeLine.record(fields))
            case Self.propertyLine.tag where !types.isEmpty:
                types[types.count - 1].properties.append(Self.propertyLine.record(fields))
            case Self.navigationLine.tag where !types.isEmpty:
                types[types.count - 1].navigations.append(Self.navigationLine.record(fields))
            case Self.functionLine.tag: functions.append(Self.functionLine.record(fields))
            case Self.parameterLine.tag where !functions.isEmpty:
                functions[functions.count - 1].parameters.append(Self.parameterLine.record(fields))
            default:
                throw MetadataError(kind: .io, message: "model summary line \(number + 1) is not understood: \(line.prefix(80))")
            }
        }
    }

    // MARK: Line formats: each kind's fields, in order, once for writing and reading

    private static var containerLine: LineFormat<ModelSummary> {
        LineFormat(tag: "C", [.name(\.container)], empty: ModelSummary(container: "", entitySets: [], types: [], functions: []))
    }
    private static var setLine: LineFormat<EntitySet> {
        LineFormat(
            tag: "S", [.name(\.name), .plain(\.entityType), .swift(\.swiftName)], empty: EntitySet(name: "", entityType: "", swiftName: ""))
    }
    private static var typeLine: LineFormat<StructuredType> {
        LineFormat(
            tag: "T", [.plain(\.qualifiedName), .flag(\.isComplex, "C", else: "E"), .names(\.key), .swift(\.swiftName)],
            empty: StructuredType(qualifiedName: "", isComplex: false, key: [], properties: [], navigations: [], swiftName: ""))
    }
    private static var propertyLine: LineFormat<Property> {
        LineFormat(
            tag: "P", [.name(\.name), .plain(\.type), .flag(\.isNullable, "1", else: "0"), .swift(\.swiftName)],
            empty: Property(name: "", type: "", isNullable: false, swiftName: ""))
    }
    private static var navigationLine: LineFormat<Navigation> {
        LineFormat(
            tag: "N", [.name(\.name), .plain(\.target), .swift(\.swiftName)], empty: Navigation(name: "", target: "", swiftName: ""))
    }
    private static var functionLine: LineFormat<Function> {
        LineFormat(
            tag: "F", [.name(\.name), .plain(\.httpMethod), .plain(\.returnType), .swift(\.swiftName)],
            empty: Function(name: "", httpMethod: "", returnType: "", parameters: [], swiftName: ""))
    }
    private static var parameterLine: LineFormat<Parameter> {
        LineFormat(
            tag: "A", [.name(\.name), .plain(\.type), .flag(\.isNullable, "1", else: "0")],
            empty: Parameter(name: "", type: "", isNullable: false))
    }

    /// Names with tabs or line breaks (which no real document has) are kept readable on one field.
    fileprivate static func clean(_ name: String) -> String {
        guard name.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return name }
        return String(name.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

/// One kind of line of the text form: its tag and its fields, each written from a record and read back
/// into one, so that the order of the fields is stated once.
private struct LineFormat<Record> {
    /// One tab-separated field.
    struct Field {
        let write: (Record, _ swiftNames: Bool) -> String
        let read: (inout Record, String) -> Void

        /// An EDM name (tabs and line breaks made spaces).
        static func name(_ path: WritableKeyPath<Record, String>) -> Field {
            Field(write: { record, _ in ModelSummary.clean(record[keyPath: path]) }, read: { $0[keyPath: path] = $1 })
        }

        /// A qualified name, CSDL type or method, as it is.
        static func plain(_ path: WritableKeyPath<Record, String>) -> Field {
            Field(write: { record, _ in record[keyPath: path] }, read: { $0[keyPath: path] = $1 })
        }

        /// A generated Swift name, empty without Swift names.
        static func swift(_ path: WritableKeyPath<Record, String>) -> Field {
            Field(
                write: { record, swiftNames in swiftNames ? ModelSummary.clean(record[keyPath: path]) : "" },
                read: { $0[keyPath: path] = $1 })
        }

        /// A flag written as `yes` or `no`.
        static func flag(_ path: WritableKeyPath<Record, Bool>, _ yes: String, else no: String) -> Field {
            Field(write: { record, _ in record[keyPath: path] ? yes : no }, read: { $0[keyPath: path] = $1 == yes })
        }

        /// Names separated by commas.
        static func names(_ path: WritableKeyPath<Record, [String]>) -> Field {
            Field(
                write: { record, _ in record[keyPath: path].map(ModelSummary.clean).joined(separator: ",") },
                read: { $0[keyPath: path] = $1.split(separator: ",").map(String.init) })
        }
    }

    let tag: String
    let fields: [Field]
    let empty: Record

    init(tag: String, _ fields: [Field], empty: Record) {
        self.tag = tag
        self.fields = fields
        self.empty = empty
    }

    /// The line of `record`.
    func line(_ record: Record, swiftNames: Bool) -> String {
        ([tag] + fields.map { $0.write(record, swiftNames) }).joined(separator: "\t")
    }

    /// The record a line's `values` (tag first) describe; missing fields read as empty.
    func record(_ values: [String]) -> Record {
        var record = empty
        for (index, field) in fields.enumerated() { field.read(&record, index + 1 < values.count ? values[index + 1] : "") }
        return record
    }
}
