import Foundation
import ODataCodeGen
import ODataMetadata

#if canImport(Glibc)
    import Glibc
#endif

/// `odata-gen check <metadata> --against <url or file> [--config <file>] [--patches <file>]`: what the served
/// metadata changed that can break code generated from `<metadata>` (the runtime's `checkMetadata()` for CI).
enum CheckCommand {
    static let usage = """
        usage: odata-gen check <metadata.xml> --against <url | file> [--config <file>] [--patches <file>]

          Compares the model that code generated from <metadata.xml> (with the configuration and patches)
          uses with the served one (a $metadata URL, or a file) and prints what can break that code:
          missing sets, types, properties, keys, navigation properties or function imports, changed types,
          new required properties or parameters. Harmless changes (added optional properties, sets,
          annotations) print nothing.

          --against <url|file>  the served $metadata (http(s) URL or file path)
          --config <file>       odata-generator-config.json used for generation
          --patches <file>      metadata patch file applied to both; repeatable
          --help, -h            print this help

          Exit status: 0 when nothing breaks, 2 when something breaks, 1 when an input is unusable,
          64 on usage errors.
        """

    /// Runs the command; returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var exitCode: Int32 = 0
        guard
            let parsed = OptionArguments.parse(
                arguments, command: "check", usage: usage, valueOptions: ["--against", "--config", "--patches"], exitCode: &exitCode)
        else { return exitCode }
        let paths = parsed.paths
        let against = parsed.last("--against")
        let configPath = parsed.last("--config")
        let patchPaths = parsed.values["--patches"] ?? []
        guard paths.count == 1, let against else {
            CLI.printError("odata-gen check: expected one metadata document and --against <url or file>\n\n\(usage)")
            return 64
        }
        do {
            let configuration =
                try configPath.map { try GeneratorConfiguration.load(from: URL(fileURLWithPath: $0)) } ?? GeneratorConfiguration()
            let patches = try MetadataInput.patchSets(configuration: configuration, configPath: configPath, extra: patchPaths)
            let metadata = try MetadataInput.parse(paths[0], patches: patches, strict: false, quiet: true)
            let generated = try CodeGenerator(configuration: configuration).modelSummary(metadata)
            let served = try servedMetadata(against, patches: patches)
            let issues = MetadataDrift.compare(generated: generated, served: ModelSummary(metadata: served, container: generated.container))
            for issue in issues { print(issue.description) }
            print(issues.isEmpty ? "the served metadata fits the generated code" : "\(issues.count) change(s) can break the generated code")
            return issues.isEmpty ? 0 : 2
        } catch let error as GeneratorError {
            CLI.printError("error: \(error.message)")
            return 1
        } catch {
            CLI.printError("error: \(error)")
            return 1
        }
    }

    /// Reads the served document from a URL or a file.
    private static func servedMetadata(_ location: String, patches: [MetadataPatchSet]) throws -> ServiceMetadata {
        guard location.hasPrefix("http://") || location.hasPrefix("https://") else {
            return try MetadataInput.parse(location, patches: patches, strict: false, quiet: true)
        }
        guard let url = URL(string: location) else { throw GeneratorError(message: "\(location) is not a valid URL") }
        try loadNetworking()
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GeneratorError(message: "\(location): cannot be fetched (\(error.localizedDescription))")
        }
        do {
            return try MetadataParser.parse(data, options: ParseOptions.lenient.patched(with: patches))
        } catch {
            throw GeneratorError(message: "\(location): cannot read the served metadata: \(error.message)")
        }
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
