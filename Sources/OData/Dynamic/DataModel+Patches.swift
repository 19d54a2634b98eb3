import Foundation
import ODataMetadata

extension DataModel {
    /// Parses a `$metadata` document with metadata patches applied before resolution (the same patch files
    /// the generator reads, so typed and dynamic code see one model) and builds the model for a container
    /// (the default one when nil). A document that cannot be read or a patch that does not apply throws a
    /// `DataModelError` that says which.
    public convenience init(document: Data, patches: [MetadataPatchSet], container: String? = nil) throws(DataModelError) {
        let metadata: ServiceMetadata
        do {
            metadata = try MetadataParser.parse(document, options: ParseOptions.lenient.patched(with: patches))
        } catch {
            throw DataModelError(error.kind == .patchFailed ? error.message : "cannot read the metadata document: \(error)")
        }
        try self.init(metadata: metadata, container: container)
    }
}
