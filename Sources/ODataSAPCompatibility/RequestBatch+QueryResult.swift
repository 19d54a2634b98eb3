import Foundation
import OData

extension RequestBatch {
    /// SAP's `queryResult(for:)`: the result of a read added with `addQuery(_:)`, once the batch ran through
    /// a `DataService`; throws the read's error, or `.invalidRequest` when the query was not added or the
    /// batch has not run.
    public func queryResult(for query: DataQuery) throws -> QueryResult {
        let url = query.relativeURLString
        guard let index = queryIndex(forURL: url) else {
            throw ODataError(.invalidRequest, "the batch has no read of \(url) added with addQuery(_:)")
        }
        guard let result = queryResult(at: index) else {
            throw ODataError(.invalidRequest, "the batch's read of \(url) has no result: the batch has not run")
        }
        let part = try result.get()
        if query.isCountRequest {
            let text = String(decoding: part.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let count = Int(text) else {
                throw ODataError(.decoding, "the batch's count of \(url) is not a number: \(text.prefix(40))")
            }
            return QueryResult(query: query, payload: .count(count))
        }
        let list = try entities(from: part, for: query)
        if query.key != nil, query.navigationSegments.isEmpty, list.entities.count == 1 {
            return QueryResult(query: query, payload: .entity(list.entities[0]))
        }
        return QueryResult(query: query, payload: .entities(list))
    }
}
