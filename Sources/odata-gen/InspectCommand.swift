import Foundation
import ODataMetadata

/// `odata-gen inspect <file> [--json] [--strict]`: parses a metadata document and prints a summary or the model as JSON.
enum InspectCommand {
    static let usage = """
        usage: odata-gen inspect <metadata.xml> [--json] [--strict]
          Parses an OData v2 $metadata document and prints a summary (counts per kind and
          every diagnostic) or, with --json, the whole model as JSON. --strict fails on the
          first diagnostic of error severity. Exit code 0 when the document could be read.
        """

    /// Runs the command; returns the exit code of a failure, and ends the process itself on success.
    static func run(_ arguments: [String]) -> Int32 {
        var json = false
        var strict = false
        var files: [String] = []
        for argument in arguments {
            switch argument {
            case "--json": json = true
            case "--strict": strict = true
            case "-h", "--help":
                print(usage)
                return 0
            default:
                if argument.hasPrefix("-") {
                    CLI.printError("odata-gen inspect: unknown option \(argument)\n\(usage)")
                    return 64
                }
                files.append(argument)
            }
        }
        guard files.count == 1, let path = files.first else {
            CLI.printError("odata-gen inspect: expected exactly one metadata file\n\(usage)")
            return 64
        }
        let metadata: ServiceMetadata
        do {
            metadata = try MetadataParser.parse(contentsOf: URL(fileURLWithPath: path), options: strict ? .strict : .lenient)
        } catch {
            let location = error.location.map { "\($0.line):\($0.column): " } ?? ""
            let prefix = error.kind == .io ? "" : "\(path):\(location)"
            CLI.printError("odata-gen inspect: \(prefix)\(error.message)")
            for diagnostic in error.diagnostics where diagnostic.severity >= .warning {
                CLI.printError("  \(diagnostic)")
            }
            return 1
        }
        exitPrinting(json ? metadata.inspectionJSON().rendered() : metadata.inspectionSummary(title: path), keeping: metadata)
    }

    /// Prints `text` and ends the process while `metadata` is still alive: this spares tearing the model down
    /// object by object just before the process ends (about 6 % of the whole process on a 1.9 MB document).
    private static func exitPrinting(_ text: String, keeping metadata: ServiceMetadata) -> Never {
        withExtendedLifetime(metadata) {
            CLI.printOutput(text)
            exit(0)
        }
    }
}
