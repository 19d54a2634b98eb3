import Foundation
import XCTest

/// Loads recorded payloads and metadata from the test bundle.
enum Payloads {
    static func data(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources/payloads") else {
            XCTFail("missing payload \(name)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }

    /// The corpus, kept once for every test target in `Tests/Corpus/metadata` (found from this file's path).
    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/metadata")

    /// A corpus document's URL; throws when it is missing.
    static func metadataURL(_ name: String) throws -> URL {
        let url = corpusDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw CocoaError(.fileNoSuchFile) }
        return url
    }

    static func metadata(_ name: String) throws -> Data {
        try Data(contentsOf: metadataURL(name))
    }
}
