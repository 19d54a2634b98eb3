import XCTest

@testable import ODataMetadata

/// `AnnotationsBlock.annotations` keeps its first annotation in place and the rest in an array: it reads, changes and
/// compares as an array of the same annotations does, however it was built.
final class VocabularyAnnotationsTests: XCTestCase {
    private static func label(_ text: String) -> VocabularyAnnotation {
        VocabularyAnnotation(
            term: "Common.Label", value: text, expression: .constant(.string, text),
            rawXML: #"<Annotation Term="Common.Label" String="\#(text)"/>"#)
    }

    private let a = label("a")
    private let b = label("b")
    private let c = label("c")

    func testReadsAndChangesAsAnArrayDoes() {
        var annotations = VocabularyAnnotations()
        var array: [VocabularyAnnotation] = []
        XCTAssertTrue(annotations.isEmpty)
        XCTAssertNil(annotations.first)
        let (a, b, c) = (a, b, c)
        let steps: [(inout VocabularyAnnotations, inout [VocabularyAnnotation]) -> Void] = [
            {
                $0.append(a)
                $1.append(a)
            },
            {
                $0.append(b)
                $1.append(b)
            },
            {
                $0.insert(c, at: 0)
                $1.insert(c, at: 0)
            },
            {
                $0[1] = b
                $1[1] = b
            },
            {
                $0[0].qualifier = "q"
                $1[0].qualifier = "q"
            },
            {
                _ = $0.remove(at: 0)
                _ = $1.remove(at: 0)
            },
            {
                $0.removeAll { $0.value == "b" }
                $1.removeAll { $0.value == "b" }
            },
            {
                $0.append(contentsOf: [c, a])
                $1.append(contentsOf: [c, a])
            },
            {
                _ = $0.removeFirst()
                _ = $1.removeFirst()
            },
            {
                _ = $0.popLast()
                _ = $1.popLast()
            },
            {
                $0.removeAll()
                $1.removeAll()
            },
            {
                $0.append(a)
                $1.append(a)
            },
        ]
        for (index, step) in steps.enumerated() {
            step(&annotations, &array)
            XCTAssertEqual(Array(annotations), array, "after step \(index)")
            XCTAssertEqual(annotations.count, array.count, "after step \(index)")
            XCTAssertEqual(annotations, VocabularyAnnotations(array), "after step \(index)")
            XCTAssertEqual(annotations.map(\.value), array.map(\.value), "after step \(index)")
            XCTAssertEqual(annotations.last, array.last, "after step \(index)")
        }
    }

    func testTheSameAnnotationsAreEqualAndHashAlikeHoweverBuilt() {
        var appended = VocabularyAnnotations()
        appended.append(a)
        appended.append(b)
        var shrunk: VocabularyAnnotations = [c, a, b]
        shrunk.remove(at: 0)
        let built: [VocabularyAnnotations] = [[a, b], VocabularyAnnotations([a, b]), appended, shrunk]
        XCTAssertEqual(Set(built).count, 1)
        XCTAssertNotEqual(VocabularyAnnotations([b, a]), [a, b])
        XCTAssertNotEqual(VocabularyAnnotations([a]), [a, b])
        XCTAssertEqual("\(VocabularyAnnotations([a]))", "\([a])")
        let block = AnnotationsBlock(target: "Lib.T", annotations: [a, b])
        XCTAssertEqual(block, AnnotationsBlock(target: "Lib.T", annotations: appended))
        XCTAssertEqual(block.annotations, [a, b])
    }

    func testBlocksOfTheParserHoldEveryAnnotationInOrder() throws {
        let metadata = try Fixtures.parse(
            CSDL4Tests.document(
                """
                <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
                  <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Computed"/></Property>
                  <Property Name="N" Type="Edm.String">
                    <Annotation Term="Common.Label" String="one"/><Annotation Term="Common.Label" Qualifier="q" String="two"/>
                    <Annotation Term="Core.Description"><String>three</String></Annotation>
                  </Property>
                </EntityType>
                <Annotations Target="L.T/N"><Annotation Term="Core.Immutable"/><Annotation Term="Common.Text" Path="K"/></Annotations>
                <Annotations Target="L.T/K"></Annotations>
                """))
        let blocks = try XCTUnwrap(metadata.schemas.first?.annotationBlocks)
        XCTAssertEqual(blocks.map(\.target), ["Lib.T/K", "Lib.T/N", "Lib.T/N", "Lib.T/K"])
        XCTAssertEqual(
            blocks.map { $0.annotations.map(\.term) },
            [["Core.Computed"], ["Common.Label", "Common.Label", "Core.Description"], ["Core.Immutable", "Common.Text"], []])
        XCTAssertEqual(blocks[1].annotations.map(\.value), ["one", "two", "three"])
        XCTAssertEqual(blocks[1].annotations[1].qualifier, "q")
    }
}
