import XCTest

@testable import ODataMetadata

/// The text of an empty `<Annotation Term=… String=…/>` is kept as bytes that a parse's annotations share and made into
/// a string when read (`AnnotationText`): every text reads back as written, wherever it falls in that storage, and
/// for as long as an annotation is kept.
final class AnnotationTextTests: XCTestCase {
    /// `count` annotated properties, each label `label(i)`.
    private static func document(count: Int, label: (Int) -> String) -> String {
        let properties = (0..<count).map { index in
            #"<Property Name="P\#(index)" Type="Edm.String"><Annotation Term="Common.Label" String="\#(label(index))"/></Property>"#
        }
        return CSDL4Tests.document(
            #"<EntityType Name="T"><Key><PropertyRef Name="P0"/></Key>\#(properties.joined(separator: "\n"))</EntityType>"#)
    }

    private static func labels(_ metadata: ServiceMetadata) -> [String?] {
        metadata.schemas.flatMap(\.annotationBlocks).flatMap(\.annotations).map(\.value)
    }

    func testTextsReadBackAcrossStorageChunksAndLongerThanAChunk() throws {
        // 2,000 labels of ≈ 60 bytes: 120 KB of text, several chunks; every 500th 20,000 bytes, longer than a chunk.
        func label(_ index: Int) -> String {
            index % 500 == 7
                ? String(repeating: "long \(index) ", count: 2_000).prefix(20_000).description
                : "Feld \(index) — Größe ∑ \(index * 7) of object"
        }
        let metadata = try Fixtures.parse(Self.document(count: 2_000, label: label))
        let expected = (0..<2_000).map { Optional(label($0)) }
        XCTAssertEqual(Self.labels(metadata), expected)
        let expressions = metadata.schemas.flatMap(\.annotationBlocks).flatMap(\.annotations).map(\.expression)
        XCTAssertEqual(expressions, expected.map { .constant(.string, $0!) })
    }

    func testTheWriterKeepsTextsOfEverySizeAroundItsChunks() {
        // Chunks grow 1, 2, 4, 8, 16, 16 KB…: texts that fill one exactly, that do not fit in what is left, that are
        // longer than the next chunk, and empty ones between.
        let sizes = [0, 1, 1_023, 1, 2_047, 0, 4_096, 3, 40_000, 16_384, 16_383, 2, 0, 70, 9_000, 9_000]
        var writer = AnnotationTextWriter()
        var kept: [(AnnotationText, String)] = []
        for (index, size) in sizes.enumerated() {
            let text = String((0..<size).map { Character(UnicodeScalar(UInt8(97 + ($0 + index) % 26))) })
            kept.append((text.utf8.withContiguousStorageIfAvailable { writer.keep($0) }!, text))
        }
        for (index, (text, expected)) in kept.enumerated() {
            XCTAssertEqual(text.string, expected, "text \(index) of \(sizes[index]) bytes")
        }
    }

    func testEscapedAndEmptyTextsReadAsDecoded() throws {
        let metadata = try Fixtures.parse(
            Self.document(count: 3) { ["", "&lt;&amp;&gt; &#x263A; &quot;", "   "][$0] })
        XCTAssertEqual(Self.labels(metadata), ["", #"<&> ☺ ""#, "   "])
    }

    func testAnAnnotationKeptAfterItsModelIsGoneStillReads() async throws {
        var kept: [VocabularyAnnotation] = []
        do {
            let metadata = try Fixtures.parse(Self.document(count: 300) { "label \($0) of a kept annotation" })
            kept = [299, 0, 150].map { metadata.schemas[0].annotationBlocks[$0].annotations[0] }
        }
        XCTAssertEqual(
            kept.map(\.value), ["label 299 of a kept annotation", "label 0 of a kept annotation", "label 150 of a kept annotation"])
        // Read from several tasks at once (the storage is shared, never written again).
        let annotations = kept
        let reads = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 { group.addTask { (0..<200).flatMap { _ in annotations.map(\.value) } } }
            var all: [[String?]] = []
            for await read in group { all.append(read) }
            return all
        }
        XCTAssertEqual(Set(reads.map { Set($0.compactMap { $0 }) }).count, 1)
        XCTAssertEqual(reads.first.map { Set($0.compactMap { $0 }) }, Set(annotations.compactMap(\.value)))
    }

    func testSettingTheValueOfAReadAnnotationKeepsItsExpressionAndXML() throws {
        let metadata = try Fixtures.parse(Self.document(count: 1) { _ in "read" })
        var annotation = metadata.schemas[0].annotationBlocks[0].annotations[0]
        let xml = annotation.rawXML
        annotation.value = "set"
        XCTAssertEqual(annotation.value, "set")
        XCTAssertEqual(annotation.expression, .constant(.string, "read"))
        XCTAssertEqual(annotation.rawXML, xml)
        XCTAssertEqual(
            annotation,
            VocabularyAnnotation(term: "Common.Label", value: "set", expression: .constant(.string, "read"), rawXML: xml))
        annotation.expression = nil
        XCTAssertEqual(annotation.value, "set")
        XCTAssertNil(annotation.expression)
        XCTAssertEqual(annotation.rawXML, xml)
    }
}
