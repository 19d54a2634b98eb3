import Foundation
import ODataCodeGen
import ODataMetadata

/// Reads a metadata document for a command: the configuration's patch files (relative to the
/// configuration file) and `--patches` files are applied before the document is resolved.
enum MetadataInput {
    /// The patch sets named by the configuration and the command line, in that order.
    static func patchSets(configuration: GeneratorConfiguration, configPath: String?, extra: [String]) throws -> [MetadataPatchSet] {
        let base = configPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        let configured = configuration.metadataPatches.map { path in
            path.hasPrefix("/") || base == nil ? URL(fileURLWithPath: path) : base!.appendingPathComponent(path)
        }
        var seen = Set<String>()
        let urls = (configured + extra.map { URL(fileURLWithPath: $0) }).filter { seen.insert($0.standardizedFileURL.path).inserted }
        do {
            return try urls.map { url throws(MetadataError) in
                try MetadataPatchSet(contentsOf: url)
            }
        } catch {
            throw GeneratorError(message: error.message)
        }
    }

    /// Parses `path` with the patches; warnings go to standard error unless `quiet`.
    static func parse(_ path: String, patches: [MetadataPatchSet], strict: Bool, quiet: Bool) throws -> ServiceMetadata {
        let options = (strict ? ParseOptions.strict : .lenient).patched(with: patches)
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
