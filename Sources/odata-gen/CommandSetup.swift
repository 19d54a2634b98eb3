import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The set-up every subcommand shares: the configuration file (`--config`), metadata patches (`--patches`,
/// config `metadataPatches`), referenced documents (`--reference`, config `metadataReferences`), how a
/// metadata document is read with them, and how a failure becomes an exit code.
struct CommandSetup {
    /// The help lines of the set-up's options and the exit status of `check` and `diff`, in their usage texts.
    static let optionsHelp = """
          --config <file>       odata-generator-config.json used for generation
          --patches <file>      metadata patch file applied to every document read; repeatable
          --reference <file>    a document an edmx:Reference names (never fetched); repeatable
          --help, -h            print this help

          Exit status: 0 when nothing breaks, 2 when something breaks, 1 when an input is unusable,
          64 on usage errors.
        """

    /// `--config <file>`, if given.
    var configPath: String?
    /// `--patches <file>` values, in order.
    var patchPaths: [String] = []
    /// `--reference <file>` values, in order.
    var referencePaths: [String] = []

    /// The set-up from the options of parsed arguments.
    init(_ arguments: OptionArguments) {
        configPath = arguments.last("--config")
        patchPaths = arguments.values["--patches"] ?? []
        referencePaths = arguments.values["--reference"] ?? []
    }

    /// A set-up from its parts.
    init(configPath: String?, patchPaths: [String], referencePaths: [String]) {
        self.configPath = configPath
        self.patchPaths = patchPaths
        self.referencePaths = referencePaths
    }

    /// The configuration file's contents, or the defaults when there is none.
    func configuration() throws -> GeneratorConfiguration {
        try configPath.map { try GeneratorConfiguration.load(from: URL(fileURLWithPath: $0)) } ?? GeneratorConfiguration()
    }

    /// The reader of metadata documents with the configuration's and the command line's patches and
    /// referenced documents (each read once, here).
    func reader(_ configuration: GeneratorConfiguration, strict: Bool = false, quiet: Bool = true) throws -> MetadataInput {
        MetadataInput(options: try parseOptions(configuration, strict: strict), quiet: quiet)
    }

    /// The parse options: strict or lenient, with the patches and the referenced documents.
    func parseOptions(_ configuration: GeneratorConfiguration, strict: Bool) throws -> ParseOptions {
        let patches = try MetadataInput.patchSets(configuration: configuration, configPath: configPath, extra: patchPaths)
        let paths = Self.files(configuration.metadataReferences, relativeTo: configPath, extra: referencePaths)
        let references = try paths.map { url in try MetadataInput.read(url.path, options: ParseOptions.lenient, quiet: true) }
        return (strict ? ParseOptions.strict : .lenient).patched(with: patches).referencing(references)
    }

    /// Files named in the configuration (relative to it) and on the command line, each once, in that order.
    static func files(_ configured: [String], relativeTo configPath: String?, extra: [String]) -> [URL] {
        let base = configPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        let urls =
            configured.map { path in
                path.hasPrefix("/") || base == nil ? URL(fileURLWithPath: path) : base!.appendingPathComponent(path)
            } + extra.map { URL(fileURLWithPath: $0) }
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// Runs a command's work: a `GeneratorError` (or any other error) is printed as `error: …` and gives 1.
    static func run(_ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let error as GeneratorError {
            CLI.printError("error: \(error.message)")
            return 1
        } catch {
            CLI.printError("error: \(error)")
            return 1
        }
    }
}
