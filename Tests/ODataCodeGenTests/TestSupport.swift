import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// Shared helpers for the generator tests.
enum TestSupport {
    /// The repository root (for goldens written back on request and the CLibXML2 module map).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A resource file of this test target.
    static func resource(_ path: String) throws -> URL {
        guard let base = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw TestFailure("no Resources folder in the test bundle")
        }
        let url = base.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw TestFailure("missing resource \(path) at \(url.path)") }
        return url
    }

    /// The corpus, kept once for every test target in `Tests/Corpus/metadata`.
    static let corpusDirectory = repositoryRoot.appendingPathComponent("Tests/Corpus/metadata")

    /// A corpus document (`Tests/Corpus/metadata/<name>`).
    static func corpusDocument(_ name: String) throws -> URL {
        let url = corpusDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw TestFailure("missing corpus document \(url.path)") }
        return url
    }

    /// The corpus documents (every `Tests/Corpus/metadata/*.xml`, or of a subfolder: `v4`, `v3`), sorted by name.
    static func corpus(_ subfolder: String? = nil) throws -> [URL] {
        let directory = subfolder.map { corpusDirectory.appendingPathComponent($0) } ?? corpusDirectory
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".xml") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The v4 corpus documents that are schemas without an entity container (parser input, nothing to generate).
    static let v4SchemasWithoutContainer = ["Redfish_Resource_v1.xml", "Vocabulary_Org.OData.Core.V1.xml"]

    /// The v4 services of the corpus: `Tests/Corpus/metadata/v4/*.xml` but the container-less schemas.
    static func v4Services() throws -> [URL] {
        try corpus("v4").filter { !v4SchemasWithoutContainer.contains($0.lastPathComponent) }
    }

    /// Parses a document from a file.
    static func parse(_ url: URL) throws -> ServiceMetadata {
        try MetadataParser.parse(contentsOf: url)
    }

    /// Generates from EDMX text with a configuration.
    static func generate(_ edmx: String, _ configuration: GeneratorConfiguration = GeneratorConfiguration()) throws
        -> GenerationResult
    {
        try CodeGenerator(configuration: configuration).generate(try MetadataParser.parse(edmx))
    }

    /// A minimal CSDL 4.0 document around schema content (namespace `T`, container `C`).
    static func edmx4(types: String, container: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="T" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              \(types)
              <EntityContainer Name="C">
                \(container)
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// A minimal OData 3.0 document (`DataServiceVersion="3.0"`, CSDL 3) around schema content.
    static func edmx3(types: String, container: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="3.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="T" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
              \(types)
              <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                \(container)
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// A minimal EDMX document around schema content (namespace `T`, container `C`).
    static func edmx(types: String, container: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="2.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="T" xmlns="http://schemas.microsoft.com/ado/2008/09/edm" xmlns:sap="http://www.sap.com/Protocols/SAPData">
              \(types)
              <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                \(container)
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    /// The contents of the generated file with this name.
    static func file(_ result: GenerationResult, _ name: String) throws -> String {
        guard let file = result.files.first(where: { $0.name == name }) else {
            throw TestFailure("no generated file \(name); got \(result.files.map(\.name))")
        }
        return file.contents
    }

    /// Every generated file's text joined, for searching.
    static func allText(_ result: GenerationResult) -> String {
        result.files.map(\.contents).joined(separator: "\n")
    }
}

/// A test precondition that did not hold.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Asserts that `text` contains `fragment` verbatim, showing the text when it does not.
// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertContains(_ text: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
    if !text.contains(fragment) {
        XCTFail("expected to find:\n\(fragment)\n--- in: ---\n\(text)", file: file, line: line)
    }
}

/// Asserts that `text` does not contain `fragment`.
// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertNotContains(_ text: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
    if text.contains(fragment) {
        XCTFail("did not expect to find:\n\(fragment)", file: file, line: line)
    }
}
