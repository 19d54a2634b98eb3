import Foundation
import XCTest

@testable import ODataMetadata

/// Thrown when a corpus document is not among the test resources.
struct MissingFixture: Error, CustomStringConvertible {
    let name: String
    var description: String { "missing corpus document Tests/Corpus/metadata/\(name)" }
}

/// Loads test resources and parses them.
enum Fixtures {
    /// The corpus, kept once for every test target in `Tests/Corpus/metadata` (found from this file's path).
    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/metadata")

    /// The URL of a corpus document in `Tests/Corpus/metadata`.
    static func url(_ name: String) throws -> URL {
        let url = corpusDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            // A missing fixture is a broken test setup: fail, never skip.
            throw MissingFixture(name: name)
        }
        return url
    }

    /// Parses a corpus document leniently.
    static func corpus(_ name: String, options: ParseOptions = .lenient) throws -> ServiceMetadata {
        try MetadataParser.parse(contentsOf: url(name), options: options)
    }

    /// Wraps schema content in a v2 EDMX envelope.
    static func edmx(_ schemaBody: String, namespace: String = "Test", alias: String? = nil, extraSchemas: String = "") -> String {
        let aliasAttribute = alias.map { " Alias=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
              <edmx:DataServices m:DataServiceVersion="2.0">
                <Schema Namespace="\(namespace)"\(aliasAttribute) xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
            \(schemaBody)
                </Schema>\(extraSchemas)
              </edmx:DataServices>
            </edmx:Edmx>
            """
    }

    /// Parses a document given as text.
    static func parse(_ text: String, options: ParseOptions = .lenient) throws -> ServiceMetadata {
        try MetadataParser.parse(text, options: options)
    }
}

extension ServiceMetadata {
    /// The diagnostics with this code.
    func diagnostics(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}

/// Asserts that parsing throws a `MetadataError` of `kind`; returns it.
@discardableResult
func assertParseFails(
    _ text: String, kind: MetadataError.Kind, options: ParseOptions = .lenient, file: StaticString = #filePath, line: UInt = #line
) -> MetadataError? {
    do {
        _ = try MetadataParser.parse(text, options: options)
        XCTFail("expected \(kind), but the document parsed", file: file, line: line)
        return nil
    } catch {
        XCTAssertEqual(error.kind, kind, "\(error.message)", file: file, line: line)
        return error
    }
}
