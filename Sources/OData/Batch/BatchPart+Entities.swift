import Foundation

extension BatchPartResponse {
    /// The entities of a successful batch read of `query`, decoded from this part's JSON body (`typeResolver` is asked
    /// only then); a failed read throws its error. The providers that answer a batch themselves (offline store, in-memory) share it.
    package func jsonEntities(
        for query: DataQuery, serviceRoot: URL,
        typeResolver: () throws -> (@Sendable (String) -> EntityTypeDescriptor?)? = { nil }
    ) throws(ODataError) -> EntityList {
        if let error = error(for: BatchPartRequest(method: "GET", url: query.relativeURLString), serviceRoot: serviceRoot) {
            throw error
        }
        let type = try query.resultEntityType()
        do {
            return try ODataJSONDecoder(typeResolver: try typeResolver()).decodeEntityList(body, entityType: type)
        } catch {
            throw ODataError(.decoding, "batch read of \(query.relativeURLString): \(error)", underlyingError: error)
        }
    }
}
