import Foundation
import ODataMetadata

extension OnlineODataProvider {
    /// Notes what a `$metadata` document declares about repeatable requests (for `.whenDeclared`); the provider's
    /// own `loadDataModel()` does this, an offline store does it with the metadata it keeps.
    public func noteRepeatableRequests(declaredIn metadata: ServiceMetadata) { repeatabilityDeclaration.note(metadata) }

    /// Loads `$metadata` and builds the dynamic `DataModel` (entity sets, types and function imports
    /// by name) for a container (the default one when nil), with metadata patches applied before resolution; the
    /// provider adopts the model's service (`adopt(_:)`), so that its requests speak the service's protocol version.
    /// Parse failures and patches that do not apply throw `ODataError` `.decoding`.
    public func loadDataModel(
        container: String? = nil, patches: [MetadataPatchSet] = [], headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> DataModel {
        do {
            let data = try await send(.fetchMetadataDocument, headers: headers)
            let url = try url(for: "$metadata")
            let metadata: ServiceMetadata
            do {
                metadata = try MetadataParser.parse(data, options: ParseOptions.lenient.patched(with: patches))
            } catch {
                throw ODataError(
                    .decoding, "\(url.absoluteString): \(error)", method: "GET", url: url, responseBody: data, underlyingError: error)
            }
            noteRepeatableRequests(declaredIn: metadata)
            do {
                let model = try DataModel(metadata: metadata, container: container)
                adopt(model.service)
                return model
            } catch {
                throw ODataError(.decoding, "\(url.absoluteString): \(error)", method: "GET", url: url, underlyingError: error)
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
