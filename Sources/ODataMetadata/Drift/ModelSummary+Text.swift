/// The summary's text form, which generated code embeds: one tab-separated line per element
/// (`S` set, `T` type, `P` property, `N` navigation, `F` function import, `A` parameter; members follow their owner).
extension ModelSummary {
    /// The text form, with the Swift names when `swiftNames` is true.
    public func text(swiftNames: Bool = true) -> String {
        var lines: [String] = ["C\t\(Self.clean(container))"]
        func swift(_ name: String) -> String { swiftNames ? Self.clean(name) : "" }
        for set in entitySets { lines.append("S\t\(Self.clean(set.name))\t\(set.entityType)\t\(swift(set.swiftName))") }
        for type in types {
            lines.append(
                "T\t\(type.qualifiedName)\t\(type.isComplex ? "C" : "E")\t\(type.key.map(Self.clean).joined(separator: ","))\t\(swift(type.swiftName))"
            )
            for p in type.properties { lines.append("P\t\(Self.clean(p.name))\t\(p.type)\t\(p.isNullable ? 1 : 0)\t\(swift(p.swiftName))") }
            for n in type.navigations { lines.append("N\t\(Self.clean(n.name))\t\(n.target)\t\(swift(n.swiftName))") }
        }
        for function in functions {
            lines.append("F\t\(Self.clean(function.name))\t\(function.httpMethod)\t\(function.returnType)\t\(swift(function.swiftName))")
            for a in function.parameters { lines.append("A\t\(Self.clean(a.name))\t\(a.type)\t\(a.isNullable ? 1 : 0)") }
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
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func field(_ i: Int) -> String { i < f.count ? f[i] : "" }
            switch f[0] {
            case "C": container = field(1)
            case "S": entitySets.append(EntitySet(name: field(1), entityType: field(2), swiftName: field(3)))
            case "T":
                types.append(
                    StructuredType(
                        qualifiedName: field(1), isComplex: field(2) == "C", key: field(3).split(separator: ",").map(String.init),
                        properties: [], navigations: [], swiftName: field(4)))
            case "P" where !types.isEmpty:
                types[types.count - 1].properties.append(
                    Property(name: field(1), type: field(2), isNullable: field(3) == "1", swiftName: field(4)))
            case "N" where !types.isEmpty:
                types[types.count - 1].navigations.append(Navigation(name: field(1), target: field(2), swiftName: field(3)))
            case "F":
                functions.append(Function(name: field(1), httpMethod: field(2), returnType: field(3), parameters: [], swiftName: field(4)))
            case "A" where !functions.isEmpty:
                functions[functions.count - 1].parameters.append(Parameter(name: field(1), type: field(2), isNullable: field(3) == "1"))
            default:
                throw MetadataError(kind: .io, message: "model summary line \(number + 1) is not understood: \(line.prefix(80))")
            }
        }
    }

    /// Names with tabs or line breaks (which no real document has) are kept readable on one field.
    private static func clean(_ name: String) -> String {
        guard name.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return name }
        return String(name.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
