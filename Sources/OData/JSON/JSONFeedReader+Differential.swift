import Foundation

extension ODataJSONDecoder {
    /// For the JSON fuzz target and the tests: whether reading `data` as a streamed page does — in pieces of
    /// `pieceSize` bytes through `JSONFeedReader`, then its remainder whole, as `StreamedPageDecoder` does —
    /// never gives other entries or paging facts than decoding it whole: the same list when both succeed,
    /// and an error whenever decoding it whole fails. (Reading in pieces may refuse a body that decoding
    /// whole accepts, such as one with two entry arrays; it may never accept different data.)
    package func readsTheSameInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) -> Bool {
        let whole = Result { try decodeEntityList(data, entityType: entityType) }
        let streamed = Result { () throws -> EntityList in
            var reader = JSONFeedReader(entityType: entityType, typeResolver: typeResolver)
            return try reader.decodeInPieces(data, pieceSize: pieceSize) { try decodeEntityList($0, entityType: entityType) }
        }
        switch (whole, streamed) {
        case (.failure, .success):
            return false
        case (.success(let wholeList), .success(let streamedList)):
            return wholeList.hasTheSameEntriesAndPagingFacts(as: streamedList)
        default:
            return true
        }
    }
}
