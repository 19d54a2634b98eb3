import Foundation
import OData

/// Decoding a feed as a streamed page does, in pieces, for the benchmarks (`decode-bench measure atom-pieces`).
public enum PiecewiseDecoding {
    /// An Atom feed read in pieces of `pieceSize` bytes through the push parser (`AtomFeedReader`), as a
    /// streamed page is.
    public static func atomEntityList(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) throws -> EntityList {
        try ODataAtomDecoder().decodeEntityListInPieces(data, entityType: entityType, pieceSize: pieceSize)
    }
}
