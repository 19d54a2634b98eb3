import Foundation

/// A decoder that reads a feed page while its body arrives, piece by piece (`StreamedPageDecoder`): one per
/// wire format (`PayloadFormat.feedReader` picks it), `JSONFeedReader` and `AtomFeedReader`.
package protocol IncrementalFeedReader {
    /// Takes the next piece of the body and adds the entries it completes to `list` (entities, and the IDs of a
    /// delta response's deleted entries). Throws the decoding error of a complete entry, placed in the body.
    mutating func read(_ piece: UnsafeRawBufferPointer, into list: inout EntityList) throws

    /// What is left once the body has ended; throws when the body cannot be a complete page (it ended inside
    /// the feed, or its end is malformed).
    mutating func finishFeed() throws -> FeedEnd

    /// The body's bytes the reader keeps between pieces (a cut-off entry, or a body it may read whole).
    var heldBytes: Int { get }
}

/// What is left of a feed read in pieces once its body has ended.
package enum FeedEnd {
    /// The envelope with an empty entry array, to be decoded whole for the paging facts (JSON).
    case envelope(Data)
    /// The whole body: it was not a feed read in pieces (one entry, an error document, an encoding read whole).
    case whole(Data)
    /// The page's paging facts (count, next and delta links) and the entries completed by the body's end.
    case page(EntityList)
}
