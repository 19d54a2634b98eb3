import Foundation

extension ODataAtomDecoder {
    /// For the benchmarks and the tests: a feed read as a streamed page is — in pieces of `pieceSize` bytes
    /// through `AtomFeedReader`, a body it leaves whole decoded whole, as `StreamedPageDecoder` does.
    package func decodeEntityListInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) throws -> EntityList {
        var reader = AtomFeedReader(entityType: entityType, typeResolver: typeResolver)
        return try reader.decodeInPieces(data, pieceSize: pieceSize) { try decodeEntityList($0, entityType: entityType) }
    }

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
            return expected.hasTheSameEntriesAndPagingFacts(as: got)
        default:
            return false
        }
    }
}
