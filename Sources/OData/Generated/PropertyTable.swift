/// Compact forms of the descriptor tables and typed descriptors that generated code declares.
///
/// A table of `OData.PropertyDescriptor(name:type:index:…)` calls costs the compiler an overload
/// resolution per property in every build job that sees it; one string per property costs almost nothing
/// to type-check, so generated types describe their properties with rows that this file expands once at
/// run time (when the type's descriptor is first used).

extension PropertyDescriptor {
    /// Property descriptors from compact rows, one per property in index order.
    ///
    /// A row is the EDM name, the CSDL type and the non-default facets, separated by single spaces:
    /// `"ProductId Edm.String Nullable=false MaxLength=10 Key"`. Types are `Edm.*` primitives, complex
    /// types by qualified name (found in `complexTypes`) and `Collection(…)` of either. Facets are
    /// `Nullable=false`, `MaxLength=<n>`, `Precision=<n>`, `Scale=<n>`, `Key` and `ConcurrencyMode=Fixed`, then
    /// a customizable-feed mapping as CSDL spells it: `FC_TargetPath=<path>`, `FC_KeepInContent=false`,
    /// `FC_ContentKind=<kind>`, `FC_NsUri=<uri>`, `FC_NsPrefix=<prefix>`.
    ///
    /// Rows come from the code generator, not from input: a malformed row is a generator bug and stops the
    /// program with a message that quotes the row.
    @_spi(Generated)
    public static func table(_ rows: [String], complexTypes: [ComplexTypeDescriptor] = []) -> [PropertyDescriptor] {
        rows.enumerated().map { index, row in
            switch parse(row, index: index, complexTypes: complexTypes) {
            case .success(let descriptor): return descriptor
            case .failure(let error): preconditionFailure("malformed generated property row \"\(row)\": \(error.reason)")
            }
        }
    }

    /// Why a row could not be read.
    struct RowError: Error, Equatable {
        let reason: String
    }

    /// Parses one row into the descriptor at `index`.
    static func parse(
        _ row: String, index: Int, complexTypes: [ComplexTypeDescriptor]
    ) -> Result<PropertyDescriptor, RowError> {
        let fields = row.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 2, !fields[0].isEmpty else { return .failure(RowError(reason: "expected a name and a type")) }
        guard let type = propertyType(fields[1], complexTypes: complexTypes) else {
            return .failure(RowError(reason: "unknown type \(fields[1])"))
        }
        var isNullable = true
        var maxLength: Int?
        var precision: Int?
        var scale: Int?
        var isKey = false
        var isConcurrencyToken = false
        var feed: [Substring: String] = [:]
        for facet in fields.dropFirst(2) {
            switch facet {
            case "Nullable=false": isNullable = false
            case "Key": isKey = true
            case "ConcurrencyMode=Fixed": isConcurrencyToken = true
            default:
                let parts = facet.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].hasPrefix("FC_") {
                    feed[parts[0]] = String(parts[1])
                    continue
                }
                guard parts.count == 2, let value = Int(parts[1]), value >= 0 else {
                    return .failure(RowError(reason: "unknown facet \(facet)"))
                }
                switch parts[0] {
                case "MaxLength": maxLength = value
                case "Precision": precision = value
                case "Scale": scale = value
                default: return .failure(RowError(reason: "unknown facet \(facet)"))
                }
            }
        }
        var feedMapping: FeedMapping?
        if !feed.isEmpty {
            guard let targetPath = feed.removeValue(forKey: "FC_TargetPath") else {
                return .failure(RowError(reason: "FC_ facets without FC_TargetPath"))
            }
            let keepInContent = feed.removeValue(forKey: "FC_KeepInContent").map { $0 != "false" } ?? true
            let kind = feed.removeValue(forKey: "FC_ContentKind").map { FeedMapping.ContentKind(rawValue: $0.lowercased()) ?? .text }
            feedMapping = FeedMapping(
                targetPath: targetPath, namespaceURI: feed.removeValue(forKey: "FC_NsUri"),
                namespacePrefix: feed.removeValue(forKey: "FC_NsPrefix"), contentKind: kind ?? .text, keepInContent: keepInContent)
            if let unknown = feed.keys.sorted().first { return .failure(RowError(reason: "unknown facet \(unknown)")) }
        }
        return .success(
            PropertyDescriptor(
                name: String(fields[0]), type: type, index: index, isNullable: isNullable, maxLength: maxLength,
                precision: precision, scale: scale, isKey: isKey, isConcurrencyToken: isConcurrencyToken,
                feedMapping: feedMapping))
    }

    private static func propertyType(_ text: Substring, complexTypes: [ComplexTypeDescriptor]) -> PropertyType? {
        if text.hasPrefix("Collection("), text.hasSuffix(")") {
            let element = text.dropFirst("Collection(".count).dropLast()
            if let primitive = EdmType(rawValue: String(element)) { return .primitiveCollection(primitive) }
            return complexTypes.first { $0.qualifiedName == element }.map { .complexCollection($0) }
        }
        if let primitive = EdmType(rawValue: String(text)) { return .primitive(primitive) }
        return complexTypes.first { $0.qualifiedName == text }.map { .complex($0) }
    }
}

extension TypedProperty {
    /// The typed descriptor of property `index` of a generated entity type (`Self.entityType.properties[index]`).
    @_spi(Generated)
    @inlinable
    public init<Entity: EntityProtocol>(entity: Entity.Type, index: Int) {
        self.init(Entity.entityType.properties[index])
    }

    /// The typed descriptor of property `index` of a generated complex type (`Self.complexType.properties[index]`).
    @_spi(Generated)
    @inlinable
    public init<Complex: ComplexTypeProtocol>(complex: Complex.Type, index: Int) {
        self.init(Complex.complexType.properties[index])
    }
}

extension TypedNavigationProperty {
    /// The typed descriptor of navigation property `index` of a generated entity type.
    @_spi(Generated)
    public init<Entity: EntityProtocol>(entity: Entity.Type, index: Int) {
        self.init(Entity.entityType.navigationProperties[index])
    }
}
