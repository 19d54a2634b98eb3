import Foundation
import ODataMetadata

/// The outcome of `checkMetadata()`: whether the served `$metadata` still fits the generated code, and what
/// changed that can break it (in terms of the generated API; harmless changes are not listed).
public struct MetadataDriftReport: Sendable, Hashable, CustomStringConvertible {
    /// The fingerprint of the model the code was generated from.
    public var generatedFingerprint: String
    /// The fingerprint of the served model (equal when nothing the client uses changed, Swift names aside).
    public var servedFingerprint: String
    /// What can break the client, in the generated model's order.
    public var issues: [MetadataDriftIssue]

    /// Creates a report.
    public init(generatedFingerprint: String, servedFingerprint: String, issues: [MetadataDriftIssue]) {
        self.generatedFingerprint = generatedFingerprint
        self.servedFingerprint = servedFingerprint
        self.issues = issues
    }

    /// Whether nothing the client uses changed in a breaking way.
    public var isCompatible: Bool { issues.isEmpty }

    /// One line per issue, or a line saying the served metadata fits.
    public var description: String {
        if issues.isEmpty { return "the served metadata fits the generated code (\(servedFingerprint))" }
        return issues.map(\.description).joined(separator: "\n")
    }
}

extension DataService {
    /// Fetches the served `$metadata` (`provider.send(.fetchMetadataDocument, headers:)`) and compares it with the model
    /// the code was generated from (`generatedModel`: the `modelSummary` text of the generated `<Service>Metadata`),
    /// after applying `patches` (the ones generation used). Generated services call this from `checkMetadata()`.
    /// A document that cannot be read throws `ODataError` `.decoding`.
    public func checkMetadata(
        generatedModel: String, patches: [MetadataPatchSet] = [], headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> MetadataDriftReport {
        return try await ODataError.converting {
            let generated: ModelSummary
            do {
                generated = try ModelSummary(text: generatedModel)
            } catch {
                throw ODataError(.invalidRequest, "the generated model summary is not readable: \(error)", underlyingError: error)
            }
            let data = try await provider.send(.fetchMetadataDocument, headers: headers)
            let served: ServiceMetadata
            do {
                served = try MetadataParser.parse(data, options: ParseOptions.lenient.patched(with: patches))
            } catch {
                throw ODataError(.decoding, "the served $metadata cannot be read: \(error)", responseBody: data, underlyingError: error)
            }
            let servedSummary = ModelSummary(metadata: served, container: generated.container)
            return MetadataDriftReport(
                generatedFingerprint: generated.fingerprint, servedFingerprint: servedSummary.fingerprint,
                issues: MetadataDrift.compare(generated: generated, served: servedSummary))

        }
    }

    /// Completion-handler form of `checkMetadata(generatedModel:patches:headers:)`.
    @discardableResult
    public func checkMetadata(
        generatedModel: String, patches: [MetadataPatchSet] = [], headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @MainActor (MetadataDriftReport?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.checkMetadata(generatedModel: generatedModel, patches: patches, headers: headers) }
    }

}
