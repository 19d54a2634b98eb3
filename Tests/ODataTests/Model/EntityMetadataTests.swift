import Foundation
import XCTest

@testable import OData

/// EntityMetadata's compact storage: every field reads back what was written, and equality and hashing
/// depend only on the values, however they were set.
final class EntityMetadataTests: XCTestCase {
    func testEveryFieldReadsBackWhatWasWritten() {
        var metadata = EntityMetadata()
        metadata.uri = "https://h/S/Items(1)"
        metadata.editLink = "https://h/S/Items(1)"
        metadata.etag = "W/\"1\""
        metadata.typeName = "Bench.Item"
        metadata.mediaReadLink = "https://h/S/Items(1)/$value"
        metadata.mediaEditLink = "https://h/S/Items(1)/$value?edit"
        metadata.mediaContentType = "image/png"
        metadata.mediaETag = "W/\"m\""
        metadata.inlineFeeds["Lines"] = InlineFeedInfo(count: 3, nextLink: "next")
        XCTAssertEqual(metadata.uri, "https://h/S/Items(1)")
        XCTAssertEqual(metadata.editLink, "https://h/S/Items(1)")
        XCTAssertEqual(metadata.etag, "W/\"1\"")
        XCTAssertEqual(metadata.typeName, "Bench.Item")
        XCTAssertEqual(metadata.mediaReadLink, "https://h/S/Items(1)/$value")
        XCTAssertEqual(metadata.mediaEditLink, "https://h/S/Items(1)/$value?edit")
        XCTAssertEqual(metadata.mediaContentType, "image/png")
        XCTAssertEqual(metadata.mediaETag, "W/\"m\"")
        XCTAssertEqual(metadata.inlineFeeds, ["Lines": InlineFeedInfo(count: 3, nextLink: "next")])
        XCTAssertEqual(
            metadata,
            EntityMetadata(
                uri: "https://h/S/Items(1)", editLink: "https://h/S/Items(1)", etag: "W/\"1\"",
                mediaReadLink: "https://h/S/Items(1)/$value", mediaEditLink: "https://h/S/Items(1)/$value?edit",
                mediaContentType: "image/png", mediaETag: "W/\"m\"", typeName: "Bench.Item",
                inlineFeeds: ["Lines": InlineFeedInfo(count: 3, nextLink: "next")]))
    }

    func testClearingTheRareFieldsMakesItEqualToNeverSettingThem() {
        var metadata = EntityMetadata(uri: "u", mediaReadLink: "m")
        XCTAssertNotEqual(metadata, EntityMetadata(uri: "u"))
        metadata.mediaReadLink = nil
        metadata.inlineFeeds["X"] = InlineFeedInfo(count: 1, nextLink: nil)
        metadata.inlineFeeds["X"] = nil
        XCTAssertEqual(metadata, EntityMetadata(uri: "u"))
        XCTAssertEqual(metadata.hashValue, EntityMetadata(uri: "u").hashValue)
        XCTAssertNil(metadata.mediaReadLink)
        XCTAssertTrue(metadata.inlineFeeds.isEmpty)
    }

    func testCopiesAreIndependent() {
        let original = EntityMetadata(uri: "u", mediaETag: "1")
        var copy = original
        copy.mediaETag = "2"
        XCTAssertEqual(original.mediaETag, "1")
        XCTAssertEqual(copy.mediaETag, "2")
    }

    func testAnEntityStaysCompact() {
        // Four inline optional strings plus one reference: one decoded entity's metadata is 72 bytes, not 136.
        XCTAssertLessThanOrEqual(MemoryLayout<EntityMetadata>.size, 72)
    }
}
