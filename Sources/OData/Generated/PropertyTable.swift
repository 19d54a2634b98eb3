import ODataMetadata

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
    /// types by qualified name (found in `complexTypes`), enum types by qualified name (found in `enumTypes`, held as
    /// `Edm.String` member names) and `Collection(…)` of them. Facets are
    /// `Nullable=false`, `MaxLength=<n>`, `Precision=<n>`, `Scale=<n>`, `Key` and `ConcurrencyMode=Fixed`, then
    /// a customizable-feed mapping as CSDL spells it: `FC_TargetPath=<path>`, `FC_KeepInContent=false`,
    /// `FC_ContentKind=<kind>`, `FC_NsUri=<uri>`, `FC_NsPrefix=<prefix>`.
    ///
    /// Rows come only from the code generator, which writes each row through the same grammar this reads
    /// (`ODataMetadata.PropertyRow`), reads it back and checks that its type resolves here before emitting
    /// it (otherwise it emits `PropertyDescriptor(…)` calls). A malformed row is therefore a hand-written
    /// one: it stops the program with a message that quotes the row and says what is wrong with it.
    @_spi(Generated)
    public static func table(
        _ rows: [String], complexTypes: [ComplexTypeDescriptor] = [], enumTypes: [EnumTypeDescriptor] = []
    ) -> [PropertyDescriptor] {
        rows.enumerated().map { index, row in
            switch parse(row, index: index, complexTypes: complexTypes, enumTypes: enumTypes) {
            case .success(let descriptor): return descriptor
            case .failure(let error): preconditionFailure("malformed generated property row \"\(row)\": \(error.reason)")
            }
        }
    }

    /// Why a row could not be read.
    struct RowError: Error, Equatable {
        let reason: String
    }

    /// Parses one row into the descriptor at `index`: the shared grammar reads the row, this resolves its type.
    static func parse(
        _ row: String, index: Int, complexTypes: [ComplexTypeDescriptor], enumTypes: [EnumTypeDescriptor] = []
    ) -> Result<PropertyDescriptor, RowError> {
        let fields: PropertyRow
        do {
            fields = try PropertyRow.parse(row)
        } catch {
            return .failure(RowError(reason: error.reason))
        }
        var enumType: EnumTypeDescriptor?
        var type = propertyType(fields.typeName[...], complexTypes: complexTypes)
        if type == nil, !enumTypes.isEmpty {
            let isCollection = fields.typeName.hasPrefix("Collection(")
            let element = isCollection ? fields.typeName.dropFirst("Collection(".count).dropLast() : fields.typeName[...]
            enumType = enumTypes.first { $0.qualifiedName == element }
            if enumType != nil { type = isCollection ? .primitiveCollection(.string) : .primitive(.string) }
        }
        guard let type else {
            return .failure(RowError(reason: "unknown type \(fields.typeName)"))
        }
        let feedMapping = fields.feedMapping.map { mapping in
            FeedMapping(
                targetPath: mapping.targetPath, namespaceURI: mapping.namespaceURI, namespacePrefix: mapping.namespacePrefix,
                contentKind: mapping.contentKind.map { FeedMapping.ContentKind(rawValue: $0.lowercased()) ?? .text } ?? .text,
                keepInContent: mapping.keepInContent)
        }
        return .success(
            PropertyDescriptor(
                name: fields.name, type: type, index: index, isNullable: fields.isNullable, maxLength: fields.maxLength,
                precision: fields.precision, scale: fields.scale, isKey: fields.isKey,
                isConcurrencyToken: fields.isConcurrencyToken, feedMapping: feedMapping, enumType: enumType))
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
        self.init(source: .entity(entity), position: index)
    }

    /// The typed descriptor of property `index` of a generated complex type (`Self.complexType.properties[index]`).
    @_spi(Generated)
    @inlinable
    public init<Complex: ComplexTypeProtocol>(complex: Complex.Type, index: Int) {
        self.init(source: .complex(complex), position: index)
    }
}

extension TypedNavigationProperty {
    /// The typed descriptor of navigation property `index` of a generated entity type.
    @_spi(Generated)
    public init<Entity: EntityProtocol>(entity: Entity.Type, index: Int) {
        self.init(Entity.entityType.navigationProperties[index])
    }
}
