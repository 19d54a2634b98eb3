#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an OData `$metadata` document (EDMX 1.0 with CSDL 1.0–3.0 schemas, or EDMX 4.0 with CSDL XML 4.0/4.01)
/// into a `ServiceMetadata`.
///
/// Built on libxml2's SAX2 push parser. Network access, DTDs and entity expansion are off and any
/// DOCTYPE is refused; input size and element nesting are bounded by `ParseOptions`. In lenient mode
/// (the default) non-conformant content becomes `Diagnostic`s and the model is still built; in strict
/// mode the first diagnostic of error severity throws `MetadataError` of kind `.strictModeViolation`.
public enum MetadataParser {
    /// Parses a document held in memory.
    public static func parse(_ data: Data, options: ParseOptions = .lenient) throws(MetadataError) -> ServiceMetadata {
        try checkSize(data.count, options: options)
        do {
            return try data.withUnsafeBytes { bytes in try SAXSession.parse(bytes, options: options) }
        } catch let error as MetadataError {
            throw error
        } catch {
            throw MetadataError(kind: .malformedXML, message: "\(error)")
        }
    }

    /// Parses a document given as bytes.
    public static func parse(_ bytes: [UInt8], options: ParseOptions = .lenient) throws(MetadataError) -> ServiceMetadata {
        try checkSize(bytes.count, options: options)
        do {
            return try bytes.withUnsafeBytes { buffer in try SAXSession.parse(buffer, options: options) }
        } catch let error as MetadataError {
            throw error
        } catch {
            throw MetadataError(kind: .malformedXML, message: "\(error)")
        }
    }

    /// Parses a document given as a string.
    public static func parse(_ text: String, options: ParseOptions = .lenient) throws(MetadataError) -> ServiceMetadata {
        try parse(Array(text.utf8), options: options)
    }

    /// Reads and parses a file. A missing file, a directory, an unreadable or too large file gives
    /// a `MetadataError` of kind `.io` or `.tooLarge` that names the path.
    public static func parse(contentsOf url: URL, options: ParseOptions = .lenient) throws(MetadataError) -> ServiceMetadata {
        try MetadataFile.parse(url.path, options: options)
    }

    private static func checkSize(_ count: Int, options: ParseOptions) throws(MetadataError) {
        if count == 0 { throw MetadataError(kind: .empty, message: "the document is empty") }
        if count > options.maximumInputSize {
            throw MetadataError(
                kind: .tooLarge, message: "the document has \(count) bytes, more than the limit of \(options.maximumInputSize)")
        }
    }
}
