import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The access level of generated declarations.
public enum GeneratedAccessLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// `public` (the service class and its methods are `open`).
    case `public`
    /// `package`.
    case package
    /// `internal`.
    case `internal`
}

/// How generated declarations are spread over files.
public enum FileLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// One file per entity and complex type, plus the service and its metadata (readable, best for
    /// checked-in sources, and the fastest to compile).
    case perType
    /// A fixed set of files whose names do not depend on the metadata: `GeneratedService.swift`,
    /// `GeneratedMetadata.swift` and `GeneratedTypes<N>.swift` for N in 0..<shardCount (what the build
    /// plugin uses, because a plugin must name its outputs before the generator runs).
    case sharded
    /// Everything in one file named after the service.
    case singleFile
}

/// The generator's options, as read from `odata-generator-config.json` and overridden by command-line flags.
///
/// Every key is optional. An unknown key is an error that names it.
public struct GeneratorConfiguration: Sendable, Hashable {
    /// The service class name; default: the entity container's name with underscores dropped.
    public var serviceClassName: String?
    /// The entity container to generate; default: the default container.
    public var container: String?
    /// The access level of generated declarations; default `public`.
    public var accessLevel: GeneratedAccessLevel
    /// The naming strategy; default `sap`.
    public var namingStrategy: NamingStrategy
    /// Explicit renames, EDM name → Swift name. Keys: `Namespace.Type` (or `Type`) for entity and complex
    /// types, `Type/Property` for properties and navigation properties, `Container/Name` (or `Name`) for
    /// entity sets and function imports. The values still pass keyword escaping and clash resolution.
    public var renames: [String: String]
    /// Entity sets to generate (by name); empty means all. The types they use are pulled in.
    public var entitySets: [String]
    /// Function imports to generate when `entitySets` is not empty; default: those whose types are included.
    public var functionImports: [String]?
    /// The file layout; default `perType`.
    public var fileLayout: FileLayout
    /// The number of type files in the `sharded` layout; default 32 (small files compile faster than big ones).
    public var shardCount: Int
    /// Metadata patch files (JSON, see `MetadataPatchSet`), applied in order before the document is resolved;
    /// relative paths are relative to the configuration file. Default: none.
    public var metadataPatches: [String]
    /// Documents that the metadata's `edmx:Reference`s name (files, never fetched), read so that types from
    /// them resolve; relative paths are relative to the configuration file. Default: none.
    public var metadataReferences: [String]
    /// Whether filtering or sorting on a property marked `sap:filterable="false"` / `sap:sortable="false"`
    /// is a compile error (the property's descriptor then lacks the capability); default `false`.
    public var strictQueryCapabilities: Bool
    /// SAP compatibility, the opt-in for code ported from SAP's `SAPOData`: generated containers also get SAP's
    /// synchronous (blocking, `noasync`) twin of every operation and entity types with SAP's reference semantics
    /// (final classes), from the `ODataSAPCompatibility` product, which the target must then depend on. Off by default, because in top-level code (`main.swift`) the synchronous twins
    /// win overload resolution over the `async` forms and make `try await` calls fail to compile.
    public var sapCompatibility: Bool

    /// Default options.
    public init(
        serviceClassName: String? = nil, container: String? = nil, accessLevel: GeneratedAccessLevel = .public,
        namingStrategy: NamingStrategy = .sap, renames: [String: String] = [:], entitySets: [String] = [],
        functionImports: [String]? = nil, fileLayout: FileLayout = .perType, shardCount: Int = 32,
        metadataPatches: [String] = [], metadataReferences: [String] = [], strictQueryCapabilities: Bool = false,
        sapCompatibility: Bool = false
    ) {
        self.metadataReferences = metadataReferences
        self.serviceClassName = serviceClassName
        self.container = container
        self.accessLevel = accessLevel
        self.namingStrategy = namingStrategy
        self.renames = renames
        self.entitySets = entitySets
        self.functionImports = functionImports
        self.fileLayout = fileLayout
        self.shardCount = shardCount
        self.metadataPatches = metadataPatches
        self.strictQueryCapabilities = strictQueryCapabilities
        self.sapCompatibility = sapCompatibility
    }

    /// The largest `shardCount` (the build plugin asks for one type file per type, up to this many).
    public static let maximumShardCount = 4096

    /// The name of the configuration file the CLI and the plugins look for.
    public static let fileName = "odata-generator-config.json"

    /// Reads a configuration file; the error says which file and what is wrong.
    public static func load(from url: URL) throws -> GeneratorConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GeneratorError(message: "cannot read configuration file \(url.path): \(ErrorText.describing(error))")
        }
        return try decode(data, source: url.path)
    }

    /// Decodes configuration JSON; `source` names the input in errors.
    public static func decode(_ data: Data, source: String) throws -> GeneratorConfiguration {
        do {
            let configuration = try JSONDecoder().decode(GeneratorConfiguration.self, from: data)
            try configuration.validate()
            return configuration
        } catch let error as GeneratorError {
            throw GeneratorError(message: "\(source): \(error.message)")
        } catch let DecodingError.dataCorrupted(context) {
            throw GeneratorError(message: "\(source): invalid JSON\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw GeneratorError(message: "\(source): \(Self.path(context.codingPath, fallback: "value")) must be \(Self.describe(type))")
        } catch let DecodingError.valueNotFound(type, context) {
            throw GeneratorError(
                message: "\(source): \(Self.path(context.codingPath, fallback: "value")) must be \(Self.describe(type)), not null")
        } catch {
            throw GeneratorError(message: "\(source): \(error)")
        }
    }

    /// Checks values that JSON types cannot express.
    public func validate() throws {
        if shardCount < 1 || shardCount > Self.maximumShardCount {
            throw GeneratorError(message: "\"shardCount\" must be between 1 and \(Self.maximumShardCount), not \(shardCount)")
        }
        if let name = serviceClassName, !Self.isPlainIdentifier(name) {
            throw GeneratorError(message: "\"serviceClassName\" must be a Swift identifier, not \"\(name)\"")
        }
        for key in renames.keys.sorted() {
            if let value = renames[key], !Self.isPlainIdentifier(value) {
                throw GeneratorError(message: "rename of \"\(key)\" must be a Swift identifier, not \"\(value)\"")
            }
        }
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, SwiftIdentifier.isHead(first) else { return false }
        return name.unicodeScalars.allSatisfy(SwiftIdentifier.isBody) && !SwiftIdentifier.unusable.contains(name)
    }

    private static func path(_ codingPath: [any CodingKey], fallback: String = "") -> String {
        if codingPath.isEmpty { return fallback }
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? "\"\($0.stringValue)\"" }.joined(separator: ".")
        return fallback.isEmpty ? " at \(text)" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array of strings" }
            if name.hasPrefix("Dictionary") { return "an object whose values are strings" }
            return "of type \(name)"
        }
    }
}
