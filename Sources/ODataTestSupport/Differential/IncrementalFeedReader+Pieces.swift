import Foundation
import OData

/// A whole body read as a streamed page reads it, for the differential checks of the fuzz targets, the tests
/// and the benchmarks (`readsTheSameInPieces`, `decodeEntityListInPieces`). Test code: it lives here, outside
/// the library, and reaches the readers through `PayloadFormat.feedReader`, as `StreamedPageDecoder` does.
extension IncrementalFeedReader {
    /// Reads `body` as if it arrived in pieces of `pieceSize` bytes, adding the entries they complete to
    /// `list`; returns the most bytes the reader held between pieces.
    @discardableResult
    package mutating func read(_ body: Data, inPiecesOf pieceSize: Int, into list: inout EntityList) throws -> Int {
        var held = 0
        var offset = 0
        while offset < body.count {
            let piece = body[offset..<min(offset + max(pieceSize, 1), body.count)]
            offset += piece.count
            try piece.withUnsafeBytes { try read($0, into: &list) }
            held = max(held, heldBytes)
        }
        return held
    }

    /// Reads `body` in pieces of `pieceSize` bytes, then its end as `StreamedPageDecoder` does: what the reader
    /// leaves whole (a JSON envelope, a body it does not read in pieces) is decoded by `decodeWhole`, and the
    /// page is the entries read in pieces with the paging facts of the end.
    package mutating func decodeInPieces(
        _ body: Data, pieceSize: Int, decodeWhole: (Data) throws -> EntityList
    ) throws -> EntityList {
        var list = EntityList(entities: [])
        try read(body, inPiecesOf: pieceSize, into: &list)
        switch try finishFeed() {
        case .whole(let body):
            return try decodeWhole(body)
        case .envelope(let envelope):
            var end = try decodeWhole(envelope)
            guard end.entities.isEmpty, end.deletedEntryIDs.isEmpty else {
                throw ODataDecodingError(format: .json, offset: 0, line: 0, column: 0, message: "entries after the entry array")
            }
            end.entities = list.entities
            end.deletedEntryIDs = list.deletedEntryIDs
            return end
        case .page(let end):
            list.appendPageEnd(end)
            return list
        }
    }
}

extension EntityList {
    /// Adds what a feed read in pieces gave at its end (`FeedEnd.page`): its last entries and deleted entries,
    /// and the page's paging facts.
    package mutating func appendPageEnd(_ end: EntityList) {
        entities += end.entities
        deletedEntryIDs += end.deletedEntryIDs
        inlineCount = end.inlineCount
        nextLink = end.nextLink
        deltaLink = end.deltaLink
    }

    /// Whether `other` has the same entities, deleted entries and paging facts (values that are not equal to
    /// themselves, such as NaN, compare by their text).
    package func hasTheSameEntriesAndPagingFacts(as other: EntityList) -> Bool {
        let facts: (EntityList) -> [AnyHashable?] = { [$0.entities, $0.deletedEntryIDs, $0.inlineCount, $0.nextLink, $0.deltaLink] }
        return facts(self) == facts(other) || String(reflecting: facts(self)) == String(reflecting: facts(other))
    }
}
