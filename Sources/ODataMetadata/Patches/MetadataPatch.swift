#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One declarative fix to a metadata document, applied to the model as read and before it is resolved.
///
/// Each patch names its `target` by qualified name (`Namespace.Type`, `Namespace.Type/Property`,
/// `Namespace.Container`, `Namespace.Container/EntitySet`, `Namespace.Association/Role`); an alias
/// may stand for the namespace. When the target is not in the document the whole patch set fails,
/// so a vendor fix that made a patch unnecessary is noticed.
public struct MetadataPatch: Sendable, Hashable, Codable {
    /// What a patch does.
    public enum Operation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Replaces (or adds) the key of entity type `target` with `key`.
        case setKey
        /// Changes the type and facets of property `target` (`type`, `nullable`, `maxLength`, `precision`, `scale`).
        case setProperty
        /// Points association end `target` (`Namespace.Association/Role`) at `type` and/or `multiplicity`.
        case retargetAssociationEnd
        /// Points navigation property `target` at `relationship`, `fromRole`, `toRole`.
        case retargetNavigationProperty
        /// Adds entity set `name` of type `entityType` to container `target`.
        case addEntitySet
        /// Changes the entity type of entity set `target` to `entityType`.
        case setEntitySetType
        /// Changes function import `target`'s `returnType` and/or `entitySet`.
        case setFunctionImport
        /// Makes container `target` the only default container.
        case setDefaultContainer
        /// Adds or overrides the foreign attribute `annotation` (`sap:creatable`) of `target` with `value`.
        case setAnnotation
        /// Removes the foreign attribute `annotation` of `target`.
        case removeAnnotation
        /// Removes the vocabulary annotations with `term` from the `Annotations` blocks aimed at `target`.
        case removeVocabularyAnnotation
        /// Renames entity or complex type, property, navigation property or entity set `target` to `name`,
        /// and every reference to it. This changes the name used on the wire; to change only a Swift name
        /// use the generator's `renames`.
        case rename
    }

    /// What the patch does.
    public var op: Operation
    /// The qualified name of the element it changes.
    public var target: String
    /// `setKey`: the key property names.
    public var key: [String]?
    /// `setProperty`, `retargetAssociationEnd`: a type name (`Edm.Single`, `Namespace.Type`).
    public var type: String?
    /// `setProperty`: `Nullable`.
    public var nullable: Bool?
    /// `setProperty`: `MaxLength` (a number or `Max`).
    public var maxLength: String?
    /// `setProperty`: `Precision`.
    public var precision: Int?
    /// `setProperty`: `Scale`.
    public var scale: Int?
    /// `retargetAssociationEnd`: `0..1`, `1` or `*`.
    public var multiplicity: String?
    /// `retargetNavigationProperty`: the association's qualified name.
    public var relationship: String?
    /// `retargetNavigationProperty`: the declaring type's role.
    public var fromRole: String?
    /// `retargetNavigationProperty`: the target's role.
    public var toRole: String?
    /// `addEntitySet`, `rename`: the new name.
    public var name: String?
    /// `addEntitySet`, `setEntitySetType`, `setFunctionImport`: an entity type or set name.
    public var entityType: String?
    /// `setFunctionImport`: the entity set name.
    public var entitySet: String?
    /// `setFunctionImport`: the return type (`Collection(Namespace.Type)`, `Edm.Int32`).
    public var returnType: String?
    /// `setAnnotation`, `removeAnnotation`: `prefix:name` (`sap:creatable`).
    public var annotation: String?
    /// `setAnnotation`: the value.
    public var value: String?
    /// `setAnnotation`: the namespace URI when the prefix is not `sap` or `m`.
    public var namespace: String?
    /// `removeVocabularyAnnotation`: the term (`Capabilities.InsertRestrictions`).
    public var term: String?

    /// Creates a patch; only the fields its operation uses are read.
    public init(
        op: Operation, target: String, key: [String]? = nil, type: String? = nil, nullable: Bool? = nil, maxLength: String? = nil,
        precision: Int? = nil, scale: Int? = nil, multiplicity: String? = nil, relationship: String? = nil, fromRole: String? = nil,
        toRole: String? = nil, name: String? = nil, entityType: String? = nil, entitySet: String? = nil, returnType: String? = nil,
        annotation: String? = nil, value: String? = nil, namespace: String? = nil, term: String? = nil
    ) {
        self.op = op
        self.target = target
        self.key = key
        self.type = type
        self.nullable = nullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.multiplicity = multiplicity
        self.relationship = relationship
        self.fromRole = fromRole
        self.toRole = toRole
        self.name = name
        self.entityType = entityType
        self.entitySet = entitySet
        self.returnType = returnType
        self.annotation = annotation
        self.value = value
        self.namespace = namespace
        self.term = term
    }
}

/// The patches of one patch file, in order, with the file's name for diagnostics.
///
/// The file is JSON: `{"patches": [{"op": "setProperty", "target": "NS.Type/Prop", "type": "Edm.Single"}, …]}`.
public struct MetadataPatchSet: Sendable, Hashable {
    /// The conventional file name, found next to the metadata document by the plugins.
    public static let conventionalFileName = "odata-metadata-patches.json"

    /// Where the patches came from (a file path), named in every failure.
    public var source: String
    /// The patches, applied in order.
    public var patches: [MetadataPatch]

    /// Creates a patch set.
    public init(source: String = "patches", patches: [MetadataPatch]) {
        self.source = source
        self.patches = patches
    }

    /// Decodes a patch file's contents; a malformed file gives a `MetadataError` of kind `.patchFailed`.
    public init(json: Data, source: String) throws(MetadataError) {
        struct File: Decodable { var patches: [MetadataPatch] }
        do {
            self.init(source: source, patches: try JSONDecoder().decode(File.self, from: json).patches)
        } catch {
            throw MetadataError(kind: .patchFailed, message: "\(source): not a valid patch file: \(Self.describe(error))")
        }
    }

    /// Reads and decodes a patch file.
    public init(contentsOf url: URL) throws(MetadataError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw MetadataError(kind: .io, message: "\(url.path): cannot read the patch file (\(ErrorText.describing(error)))")
        }
        try self.init(json: data, source: url.path)
    }

    /// A decoding error as a user reads it: what was expected where.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)): missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
