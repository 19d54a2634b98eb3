import Foundation

extension ChangeSet {
    /// Records one response per request: each request gets its own result; the changeset's error is
    /// the first failed request's.
    func recordParts(_ parts: [BatchPartResponse], serviceRoot: URL) {
        let requests = self.requests
        var results: [Result<BatchPartResponse, ODataError>] = []
        var firstError: ODataError?
        for (index, (part, request)) in zip(parts, requests).enumerated() {
            if let error = part.error(for: request, serviceRoot: serviceRoot) {
                let named = Self.naming(error, request: request, index: index, of: requests.count)
                firstError = firstError ?? named
                results.append(.failure(named))
            } else {
                results.append(.success(part))
            }
        }
        record(parts, results: results, error: firstError)
    }

    /// Records the single error response of a changeset that failed as a whole. The failed request is
    /// the one whose `Content-ID` the server echoed (on the part, or as SAP Gateway's `ContentID` in the
    /// error details); the others get `notApplied`. When the answer names no request, the error says so
    /// and lists the changeset's requests rather than guessing one.
    func recordFailure(_ part: BatchPartResponse, serviceRoot: URL) throws {
        let requests = self.requests
        guard let error = part.error(for: nil, serviceRoot: serviceRoot) else {
            throw ODataError(.decoding, "changeset answered by a single success response \(part.statusCode)")
        }
        let echoed = [part.contentID] + (error.serviceError?.details.map(\.contentID) ?? [])
        let index = echoed.lazy.compactMap { $0 }.compactMap { id in requests.firstIndex { $0.contentID == id } }.first
        guard let index, let failed = part.error(for: requests[index], serviceRoot: serviceRoot) else {
            let list = requests.map { "\($0.method) \($0.url) (Content-ID \($0.contentID ?? "-"))" }.joined(separator: ", ")
            var unnamed = ODataError(
                error.kind,
                "a changeset of \(requests.count) requests failed with \(part.statusCode) and the answer does not say which "
                    + "request (no Content-ID): \(list)" + (error.serviceError?.message.map { ": \($0.prefix(500))" } ?? ""),
                statusCode: error.statusCode, responseHeaders: error.responseHeaders, serviceError: error.serviceError,
                responseBody: error.responseBody)
            unnamed.method = nil
            record([], results: requests.map { _ in .failure(unnamed) }, error: unnamed)
            return
        }
        let named = Self.naming(failed, request: requests[index], index: index, of: requests.count)
        let results: [Result<BatchPartResponse, ODataError>] = requests.enumerated().map { offset, request in
            if offset == index { return .failure(named) }
            let url = URL(string: request.url, relativeTo: serviceRoot)?.absoluteURL
            var skipped = ODataError(
                .notApplied,
                "\(request.method) \(request.url) (Content-ID \(request.contentID ?? "-")) was not applied: "
                    + "\(requests[index].method) \(requests[index].url) (Content-ID \(requests[index].contentID ?? "-")) "
                    + "of the same changeset failed with \(part.statusCode)",
                method: request.method, url: url)
            skipped.contentID = request.contentID
            return .failure(skipped)
        }
        record([], results: results, error: named)
    }

    /// `error` with the changeset request it belongs to in its message and `contentID`.
    static func naming(_ error: ODataError, request: BatchPartRequest, index: Int, of count: Int) -> ODataError {
        var named = ODataError(
            error.kind,
            "changeset request \(index + 1) of \(count) (Content-ID \(request.contentID ?? "-")): \(error.message)",
            method: error.method, url: error.url, statusCode: error.statusCode, responseHeaders: error.responseHeaders,
            serviceError: error.serviceError, responseBody: error.responseBody)
        named.contentID = request.contentID
        return named
    }
}
