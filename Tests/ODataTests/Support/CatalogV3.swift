import Foundation
import ODataMetadata

@testable import OData

/// The OData 3.0 document that `scripts/servers/v3_server.py` serves, `Metadata/CatalogV3.xml` (one file for both,
/// found from this file's path): an enum type, an enum-keyed entity type, actions, functions and a service operation.
enum CatalogV3 {
    /// Where the document is: `Metadata/CatalogV3.xml` of the repository.
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Metadata/CatalogV3.xml")

    /// The document's text.
    static func document() throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The parsed document.
    static func metadata() throws -> ServiceMetadata { try MetadataParser.parse(Data(contentsOf: url)) }

    /// The runtime model of the document (the dynamic API's descriptors).
    static func model() throws -> DataModel { try DataModel(metadata: metadata()) }
}
