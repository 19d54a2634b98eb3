import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `odata-gen check <metadata> --against <url or file> [--config <file>] [--patches <file>]`: what the served
/// metadata changed that can break code generated from `<metadata>` (the runtime's `checkMetadata()` for CI).
enum CheckCommand {
    static let usage = """
        usage: odata-gen check <metadata.xml> --against <url | file> [--config <file>] [--patches <file>] [--reference <file>]

          Compares the model that code generated from <metadata.xml> (with the configuration and patches)
          uses with the served one (a $metadata URL, or a file) and prints what can break that code:
          missing sets, types, properties, keys, navigation properties or function imports, changed types,
          new required properties or parameters. Harmless changes (added optional properties, sets,
          annotations) print nothing.

          --against <url|file>  the served $metadata (http(s) URL or file path)
        \(CommandSetup.optionsHelp)
        """

    /// Runs the command; returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var exitCode: Int32 = 0
        guard
            let parsed = OptionArguments.parse(
                arguments, command: "check", usage: usage, valueOptions: OptionArguments.setupOptions.union(["--against"]),
                exitCode: &exitCode)
        else { return exitCode }
        guard parsed.paths.count == 1, let against = parsed.last("--against") else {
            CLI.printError("odata-gen check: expected one metadata document and --against <url or file>\n\n\(usage)")
            return 64
        }
        let setup = CommandSetup(parsed)
        return CommandSetup.run {
            let configuration = try setup.configuration()
            let input = try setup.reader(configuration)
            let metadata = try input.parse(parsed.paths[0])
            let generated = try CodeGenerator(configuration: configuration).modelSummary(metadata)
            let served = try servedMetadata(against, input: input)
            let issues = MetadataDrift.compare(generated: generated, served: ModelSummary(metadata: served, container: generated.container))
            for issue in issues { print(issue.description) }
            print(issues.isEmpty ? "the served metadata fits the generated code" : "\(issues.count) change(s) can break the generated code")
            return issues.isEmpty ? 0 : 2
        }
    }

    /// Reads the served document from a URL or a file.
    private static func servedMetadata(_ location: String, input: MetadataInput) throws -> ServiceMetadata {
        guard location.hasPrefix("http://") || location.hasPrefix("https://") else { return try input.parse(location) }
        guard let url = URL(string: location) else { throw GeneratorError(message: "\(location) is not a valid URL") }
        try loadNetworking()
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GeneratorError(message: "\(location): cannot be fetched (\(ErrorText.describing(error)))")
        }
        return try input.parse(data, source: location)
    }

    /// Loads FoundationNetworking, which `Data(contentsOf:)` needs for http(s) URLs on Linux. The tool does
    /// not link it: linked, it and libcurl's dozens of TLS, Kerberos and LDAP libraries are loaded and
    /// relocated at the start of every command (about two thirds of `inspect`'s start-up); loaded here,
    /// only `check` against a URL pays for them.
    private static func loadNetworking() throws {
        #if canImport(Glibc)
            // A tool built with --static-swift-stdlib carries its own runtime and Foundation: loading the
            // toolchain's shared ones next to them is not safe.
            guard dlopen("libswiftCore.so", RTLD_NOW | RTLD_NOLOAD) != nil else {
                throw GeneratorError(
                    message: "this odata-gen is linked statically (--static-swift-stdlib) and cannot fetch URLs; "
                        + "download the document and pass the file")
            }
            guard dlopen("libFoundationNetworking.so", RTLD_NOW | RTLD_GLOBAL) != nil else {
                let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
                throw GeneratorError(
                    message: "cannot load FoundationNetworking to fetch a URL (\(reason)); download the document and pass the file")
            }
        #endif
    }
}
