/// How a metadata document is parsed.
public struct ParseOptions: Sendable, Hashable {
    /// Lenient (default): non-conformant input becomes diagnostics and the model is still built.
    /// Strict: any diagnostic of severity `.error` (and `.warning` when `warningsAreErrors`) fails the parse.
    public var isStrict: Bool
    /// In strict mode, also fail on warnings.
    public var warningsAreErrors: Bool
    /// The largest input accepted, in bytes (default 64 MiB).
    public var maximumInputSize: Int
    /// The deepest element nesting accepted (default 256).
    public var maximumDepth: Int
    /// Patches applied in order to the document as read, before it is resolved (default none).
    public var patches: [MetadataPatchSet] = []
    /// Documents that `edmx:Reference`s of the parsed document name, already parsed (default none). References
    /// are never fetched: their schemas come from here, and types from a referenced namespace that is not among
    /// them are reported by name (`reference-not-given`).
    public var referencedDocuments: [ServiceMetadata] = []

    /// Creates a `ParseOptions` from its parts.
    public init(isStrict: Bool = false, warningsAreErrors: Bool = false, maximumInputSize: Int = 64 << 20, maximumDepth: Int = 256) {
        self.isStrict = isStrict
        self.warningsAreErrors = warningsAreErrors
        self.maximumInputSize = maximumInputSize
        self.maximumDepth = maximumDepth
    }

    /// These options with `documents` added to the referenced documents.
    public func referencing(_ documents: [ServiceMetadata]) -> ParseOptions {
        var copy = self
        copy.referencedDocuments += documents
        return copy
    }

    /// These options with the patch sets applied after those already set.
    public func patched(with sets: [MetadataPatchSet]) -> ParseOptions {
        var copy = self
        copy.patches += sets
        return copy
    }

    /// Lenient parsing with the default limits.
    public static let lenient = ParseOptions()
    /// Strict parsing with the default limits.
    public static let strict = ParseOptions(isStrict: true)
}
