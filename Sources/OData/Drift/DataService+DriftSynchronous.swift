import ODataMetadata

extension DataService {
    /// Synchronous `checkMetadata(generatedModel:patches:headers:)`, which generated services' synchronous
    /// `checkMetadata()` calls; blocks the calling thread (see `DataService`'s synchronous forms).
    @available(*, noasync, message: "use the async form in an async context")
    public func checkMetadata(
        generatedModel: String, patches: [MetadataPatchSet] = [], headers: HTTPHeaders = HTTPHeaders()
    ) throws -> MetadataDriftReport {
        try Blocking.run { try await self.checkMetadata(generatedModel: generatedModel, patches: patches, headers: headers) }
    }
}
