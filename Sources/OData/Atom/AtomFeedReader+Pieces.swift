import Foundation

extension ODataAtomDecoder {
    /// For the benchmarks and the tests: a feed read as a streamed page is — in pieces of `pieceSize` bytes
    /// through `AtomFeedReader`, a body it leaves whole decoded whole, as `StreamedPageDecoder` does.
    package func decodeEntityListInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) throws -> EntityList {
        var reader = AtomFeedReader(entityType: entityType, typeResolver: typeResolver)
        var list = EntityList(entities: [])
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(offset + max(pieceSize, 1), data.count)]
            offset += piece.count
            try piece.withUnsafeBytes { try reader.read($0, into: &list) }
        }
        switch try reader.finishFeed() {
        case .whole(let body), .envelope(let body):
            return try decodeEntityList(body, entityType: entityType)
        case .page(let end):
            list.entities += end.entities
            list.deletedEntryIDs += end.deletedEntryIDs
            list.inlineCount = end.inlineCount
            list.nextLink = end.nextLink
            list.deltaLink = end.deltaLink
            return list
        }
    }
}

extension ODataAtomDecoder {
    /// For the Atom fuzz target and the tests: whether reading `data` as a streamed page (in pieces of
    /// `pieceSize` bytes, `decodeEntityListInPieces`) gives what decoding it whole gives: the same entities,
    /// deleted entries and paging facts when both succeed, and an error exactly when decoding it whole fails.
    package func readsTheSameInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) -> Bool {
        let whole = Result { try decodeEntityList(data, entityType: entityType) }
        let pieced = Result { try decodeEntityListInPieces(data, entityType: entityType, pieceSize: pieceSize) }
        switch (whole, pieced) {
        case (.failure, .failure):
            return true
        case (.success(let expected), .success(let got)):
            let facts: (EntityList) -> [AnyHashable?] = { [$0.entities, $0.deletedEntryIDs, $0.inlineCount, $0.nextLink, $0.deltaLink] }
            // the text compares values that are not equal to themselves (NaN)
            return facts(expected) == facts(got) || String(reflecting: facts(expected)) == String(reflecting: facts(got))
        default:
            return false
        }
    }
}
