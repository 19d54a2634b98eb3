import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads metadata documents for a command with the options its set-up gives (`CommandSetup.reader`):
/// patches applied before the document is resolved, referenced documents supplied, warnings printed
/// unless quiet.
struct MetadataInput {
    /// The parse options, patches and referenced documents included.
    let options: ParseOptions
    /// Whether warnings stay unprinted.
    let quiet: Bool

    /// Parses the document at `path`.
    func parse(_ path: String) throws -> ServiceMetadata { try Self.read(path, options: options, quiet: quiet) }

    /// Parses a document held in memory (a fetched one), named `source` in messages.
    func parse(_ data: Data, source: String) throws -> ServiceMetadata {
        do {
            return try MetadataParser.parse(data, options: options)
        } catch {
            throw GeneratorError(message: "\(source): cannot read the served metadata: \(error.message)")
        }
    }

    /// The patch sets named by the configuration (relative to its file) and the command line, in that order.
    static func patchSets(configuration: GeneratorConfiguration, configPath: String?, extra: [String]) throws -> [MetadataPatchSet] {
        let urls = CommandSetup.files(configuration.metadataPatches, relativeTo: configPath, extra: extra)
        do {
            return try urls.map { url throws(MetadataError) in
                try MetadataPatchSet(contentsOf: url)
            }
        } catch {
            throw GeneratorError(message: error.message)
        }
    }

    /// Parses `path` with `options`; warnings go to standard error unless `quiet`.
    static func read(_ path: String, options: ParseOptions, quiet: Bool) throws -> ServiceMetadata {
        ProcessHeap.prepare(forFileAt: path)
        do {
            let metadata = try MetadataParser.parse(contentsOf: URL(fileURLWithPath: path), options: options)
            if !quiet {
                for diagnostic in metadata.diagnostics where diagnostic.severity >= .warning {
                    report(diagnostic.location, diagnostic.severity, "\(diagnostic.message) [\(diagnostic.code)]", path)
                }
            }
            return metadata
        } catch {
            for diagnostic in error.diagnostics where diagnostic.severity >= .warning {
                report(diagnostic.location, diagnostic.severity, diagnostic.message, path)
            }
            if error.kind == .patchFailed { throw GeneratorError(message: "\(path): a metadata patch does not apply: \(error.message)") }
            let place = error.location.map { "\(path):\($0.line):\($0.column)" } ?? path
            throw GeneratorError(message: "\(place): cannot read the metadata document: \(error.message)")
        }
    }

    /// Prints `file:line:column: severity: message`, the form build tools and editors link to the source.
    static func report(_ location: SourceLocation?, _ severity: DiagnosticSeverity, _ message: String, _ path: String) {
        let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
        CLI.printError("\(place): \(severity.rawValue): \(message)")
    }
}
