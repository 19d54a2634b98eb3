extension GeneratorConfiguration: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case serviceClassName, container, accessLevel, namingStrategy, renames, entitySets, functionImports,
            fileLayout, shardCount, metadataPatches, metadataReferences, strictQueryCapabilities, sapCompatibility
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a configuration from its JSON form; an unknown key is an error naming it.
    public init(from decoder: any Decoder) throws {
        let any = try decoder.container(keyedBy: AnyKey.self)
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let unknown = any.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        if let first = unknown.first {
            let list = CodingKeys.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw GeneratorError(message: "unknown key \"\(first)\" (known keys: \(list))")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        serviceClassName = try container.decodeIfPresent(String.self, forKey: .serviceClassName)
        self.container = try container.decodeIfPresent(String.self, forKey: .container)
        accessLevel = try Self.decodeEnum(container, .accessLevel) ?? .public
        namingStrategy = try Self.decodeEnum(container, .namingStrategy) ?? .sap
        renames = try container.decodeIfPresent([String: String].self, forKey: .renames) ?? [:]
        entitySets = try container.decodeIfPresent([String].self, forKey: .entitySets) ?? []
        functionImports = try container.decodeIfPresent([String].self, forKey: .functionImports)
        fileLayout = try Self.decodeEnum(container, .fileLayout) ?? .perType
        shardCount = try container.decodeIfPresent(Int.self, forKey: .shardCount) ?? 32
        if let one = try? container.decodeIfPresent(String.self, forKey: .metadataPatches) {
            metadataPatches = [one]
        } else {
            metadataPatches = try container.decodeIfPresent([String].self, forKey: .metadataPatches) ?? []
        }
        metadataReferences = try container.decodeIfPresent([String].self, forKey: .metadataReferences) ?? []
        strictQueryCapabilities = try container.decodeIfPresent(Bool.self, forKey: .strictQueryCapabilities) ?? false
        sapCompatibility = try container.decodeIfPresent(Bool.self, forKey: .sapCompatibility) ?? false
    }

    /// Writes the configuration in its JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(serviceClassName, forKey: .serviceClassName)
        try container.encodeIfPresent(self.container, forKey: .container)
        try container.encode(accessLevel, forKey: .accessLevel)
        try container.encode(namingStrategy, forKey: .namingStrategy)
        try container.encode(renames, forKey: .renames)
        try container.encode(entitySets, forKey: .entitySets)
        try container.encodeIfPresent(functionImports, forKey: .functionImports)
        try container.encode(fileLayout, forKey: .fileLayout)
        try container.encode(shardCount, forKey: .shardCount)
        try container.encode(metadataPatches, forKey: .metadataPatches)
        if !metadataReferences.isEmpty { try container.encode(metadataReferences, forKey: .metadataReferences) }
        try container.encode(strictQueryCapabilities, forKey: .strictQueryCapabilities)
        try container.encode(sapCompatibility, forKey: .sapCompatibility)
    }

    /// Decodes a string-valued enum, naming the allowed values when the string is not one of them.
    private static func decodeEnum<Value: RawRepresentable & CaseIterable>(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> Value? where Value.RawValue == String {
        guard let raw = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw GeneratorError(message: "\"\(key.rawValue)\" must be one of \(allowed), not \"\(raw)\"")
        }
        return value
    }
}
