import Foundation

/// The JSON format's reader of a page in pieces (`StreamedPage`).
extension JSONFeedReader: IncrementalFeedReader {
    mutating func finishFeed() throws -> FeedEnd {
        switch try finish() {
        case .envelope(let data): return .envelope(data)
        case .whole(let data): return .whole(data)
        }
    }
}
