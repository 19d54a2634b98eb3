/// One compact row of a generated descriptor table: the syntax the code generator writes and the runtime
/// reads, in one place.
///
/// A row is the EDM name, the CSDL type name and the non-default facets, separated by single spaces:
/// `"ProductId Edm.String Nullable=false MaxLength=10 Key"`. Facets are `Nullable=false`, `MaxLength=<n>`,
/// `Precision=<n>`, `Scale=<n>`, `Key` and `ConcurrencyMode=Fixed`, then a customizable-feed mapping as CSDL
/// spells it: `FC_TargetPath=<path>`, `FC_KeepInContent=false`, `FC_ContentKind=<kind>`, `FC_NsUri=<uri>`,
/// `FC_NsPrefix=<prefix>`. What the type name means (an `Edm.*` primitive, a complex type, `Collection(…)`)
/// is the reader's business, not the row's.
///
/// A row cannot carry a name, type name or feed value that is empty (the name and type) or contains a
/// space; `isRoundTripping` says whether `text` reads back as the same row.
package struct PropertyRow: Sendable, Hashable {
    /// The property's EDM name.
    package var name: String
    /// The CSDL type name (`Edm.String`, `NS.Address`, `Collection(Edm.Int32)`).
    package var typeName: String
    /// `Nullable` (`true` when absent).
    package var isNullable: Bool
    /// `MaxLength=<n>`.
    package var maxLength: Int?
    /// `Precision=<n>`.
    package var precision: Int?
    /// `Scale=<n>`.
    package var scale: Int?
    /// `Key`: the property is part of the entity key.
    package var isKey: Bool
    /// `ConcurrencyMode=Fixed`.
    package var isConcurrencyToken: Bool
    /// The customizable-feed mapping (`FC_*` facets).
    package var feedMapping: FeedCustomization?

    /// Why a row could not be read.
    package struct SyntaxError: Error, Equatable {
        /// What is wrong with the row (`unknown facet Width=3`).
        package let reason: String
    }

    /// Creates a row from its parts.
    package init(
        name: String, typeName: String, isNullable: Bool = true, maxLength: Int? = nil, precision: Int? = nil,
        scale: Int? = nil, isKey: Bool = false, isConcurrencyToken: Bool = false, feedMapping: FeedCustomization? = nil
    ) {
        self.name = name
        self.typeName = typeName
        self.isNullable = isNullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.isKey = isKey
        self.isConcurrencyToken = isConcurrencyToken
        self.feedMapping = feedMapping
    }

    /// The row as generated code spells it.
    package var text: String {
        var fields = [name, typeName]
        if !isNullable { fields.append("Nullable=false") }
        if let maxLength { fields.append("MaxLength=\(maxLength)") }
        if let precision { fields.append("Precision=\(precision)") }
        if let scale { fields.append("Scale=\(scale)") }
        if isKey { fields.append("Key") }
        if isConcurrencyToken { fields.append("ConcurrencyMode=Fixed") }
        if let mapping = feedMapping {
            fields.append("FC_TargetPath=\(mapping.targetPath)")
            if !mapping.keepInContent { fields.append("FC_KeepInContent=false") }
            if let kind = mapping.contentKind { fields.append("FC_ContentKind=\(kind)") }
            if let uri = mapping.namespaceURI { fields.append("FC_NsUri=\(uri)") }
            if let prefix = mapping.namespacePrefix { fields.append("FC_NsPrefix=\(prefix)") }
        }
        return fields.joined(separator: " ")
    }

    /// Whether `text` reads back as this row; a row that does not cannot be written.
    package var isRoundTripping: Bool {
        (try? Self.parse(text)) == self
    }

    /// Reads a row, or says what is wrong with it.
    package static func parse(_ text: String) throws(SyntaxError) -> PropertyRow {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
            throw SyntaxError(reason: "expected a name and a type")
        }
        var row = PropertyRow(name: String(fields[0]), typeName: String(fields[1]))
        var feed: [Substring: String] = [:]
        for facet in fields.dropFirst(2) {
            switch facet {
            case "Nullable=false": row.isNullable = false
            case "Key": row.isKey = true
            case "ConcurrencyMode=Fixed": row.isConcurrencyToken = true
            default:
                let parts = facet.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].hasPrefix("FC_") {
                    guard feed.updateValue(String(parts[1]), forKey: parts[0]) == nil else {
                        throw SyntaxError(reason: "repeated facet \(parts[0])")
                    }
                    continue
                }
                guard parts.count == 2, let value = Int(parts[1]), value >= 0 else {
                    throw SyntaxError(reason: "unknown facet \(facet)")
                }
                switch parts[0] {
                case "MaxLength": row.maxLength = value
                case "Precision": row.precision = value
                case "Scale": row.scale = value
                default: throw SyntaxError(reason: "unknown facet \(facet)")
                }
            }
        }
        if !feed.isEmpty {
            guard let targetPath = feed.removeValue(forKey: "FC_TargetPath") else {
                throw SyntaxError(reason: "FC_ facets without FC_TargetPath")
            }
            row.feedMapping = FeedCustomization(
                targetPath: targetPath, keepInContent: feed.removeValue(forKey: "FC_KeepInContent") != "false",
                contentKind: feed.removeValue(forKey: "FC_ContentKind"), namespaceURI: feed.removeValue(forKey: "FC_NsUri"),
                namespacePrefix: feed.removeValue(forKey: "FC_NsPrefix"))
            if let unknown = feed.keys.sorted().first { throw SyntaxError(reason: "unknown facet \(unknown)") }
        }
        return row
    }
}
