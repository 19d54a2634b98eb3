import Foundation
import XCTest

@testable import ODataCodeGen

/// The build plugin sizes its output by counting types in the document (`MetadataTypeCounter`, shared with
/// the plugin) and asks for one type file per type; the count may be off in either direction.
final class PluginLayoutTests: XCTestCase {
    func testCountsEntityAndComplexTypeStartsWithOrWithoutAPrefix() {
        let document = """
            <Schema><EntityType Name="A"><Key/></EntityType><edm:EntityType\tName="B"/>
            <ComplexType Name="C"></ComplexType><x.y-z:ComplexType
             Name="D"/><EntityTypeMapping/><EntityTyp/><ComplexTypes/><EntitySet Name="As"/>
            </Schema><EntityType>
            """
        XCTAssertEqual(MetadataTypeCounter.typeCount(in: document), 5)
        XCTAssertEqual(MetadataTypeCounter.typeCount(in: ""), 0)
        XCTAssertEqual(MetadataTypeCounter.typeCount(in: "<EntityType"), 1)
        XCTAssertEqual(MetadataTypeCounter.typeCount(in: "<:EntityType <"), 0)
    }

    func testTheCorpusCountsMatchTheGeneratedTypes() throws {
        for url in try TestSupport.corpus() {
            let result = try CodeGenerator().generate(try TestSupport.parse(url))
            let generatedTypes = result.files.count - 2  // perType: service, metadata, one file per type
            let counted = try XCTUnwrap(MetadataTypeCounter.typeCount(at: url))
            XCTAssertGreaterThanOrEqual(counted, generatedTypes, url.lastPathComponent)
        }
        let espm = try TestSupport.corpusDocument("ESPM.xml")
        XCTAssertEqual(MetadataTypeCounter.typeCount(at: espm), 11)
    }

    func testOneTypePerFileAndInexactCountsStayCorrect() throws {
        let espm = try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml"))
        func typeFiles(_ shards: Int) throws -> [String] {
            let result = try CodeGenerator(configuration: GeneratorConfiguration(fileLayout: .sharded, shardCount: shards))
                .generate(espm)
            XCTAssertEqual(result.files.count, shards + 2)
            return result.files.dropFirst(2).map(\.contents)
        }
        func typeCount(_ contents: String) -> Int {
            contents.components(separatedBy: "\npublic struct ").count - 1
        }
        let exact = try typeFiles(11)
        XCTAssertEqual(exact.map(typeCount), Array(repeating: 1, count: 11))
        let tooLow = try typeFiles(4)
        XCTAssertEqual(tooLow.map(typeCount), [3, 3, 3, 2])
        let tooHigh = try typeFiles(14)
        XCTAssertEqual(tooHigh.map(typeCount), Array(repeating: 1, count: 11) + [0, 0, 0])
        XCTAssertContains(tooHigh[13], "No types in this file")
    }
}
