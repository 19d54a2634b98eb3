import Foundation

extension RequestBatch {
    /// Decodes the entities of a successful batch read of `query` (a part of this batch's answer) as the provider
    /// that ran the batch reads them (its service root, derived types and format), else by the part's
    /// `Content-Type` (JSON or Atom) with the shared batch-part codec; a failed read throws its error.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        guard let decoder else { return try BatchPartCodec.entities(from: part, for: query, serviceRoot: nil, typeResolver: nil) }
        do { return try decoder(part, query) } catch { throw ODataError(wrapping: error) }
    }
}
