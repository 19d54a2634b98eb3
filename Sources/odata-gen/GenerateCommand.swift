import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `odata-gen generate <metadata> --output <dir> [--config <file>] [options]`: writes typed Swift sources.
enum GenerateCommand {
    static let usage = """
        usage: odata-gen generate <metadata.xml|.edmx> --output <dir> [--config <file>] [options]

          Generates typed Swift sources (service class, metadata namespace, one type per entity,
          complex and enum type) from an OData $metadata document (v2, v3 or v4). Options given
          here override the configuration file.

          --output, -o <dir>        directory for the .swift files (created when missing); earlier
                                    generated files there that are no longer produced are removed
          --config <file>           odata-generator-config.json to read (default: none)
          --service-name <name>     service class name                (config: serviceClassName)
          --container <name>        entity container to generate      (config: container)
          --access-level <level>    public | package | internal       (config: accessLevel)
          --naming <strategy>       sap | preserve                    (config: namingStrategy)
          --rename <edm>=<swift>    rename one element; repeatable    (config: renames)
                                    keys: Namespace.Type, Type/Property, Container/SetOrFunction
          --entity-set <name>       generate only this set and the types it needs; repeatable
                                                                      (config: entitySets)
          --function-import <name>  with --entity-set: also this import; repeatable
                                                                      (config: functionImports)
          --layout <layout>         perType | sharded | singleFile    (config: fileLayout)
          --shards <n>              type files in the sharded layout  (config: shardCount)
          --patches <file>          metadata patch file (JSON) applied before resolution;
                                    repeatable                        (config: metadataPatches)
          --reference <file>        a document an edmx:Reference of the metadata names (never
                                    fetched); repeatable              (config: metadataReferences)
          --lock <file>             odata-generator.lock.json: keep the Swift names it pins; written
                                    (created on first generation) with the names generated
          --lock-read-only          read the lock file but do not write it (the build plugin)
          --strict-query-capabilities
                                    filtering or sorting on sap:filterable/sortable="false"
                                    properties does not compile  (config: strictQueryCapabilities)
          --sap-compatibility       SAP's shapes: synchronous forms, class entities (the
                                    ODataSAPCompatibility product, a dependency then)
                                                                  (config: sapCompatibility)
          --strict                  fail on metadata errors instead of skipping what is broken
          --quiet                   do not print warnings
          --help, -h                print this help

          Exit status: 0 on success, 1 when the metadata or configuration is unusable, 64 on usage errors.
        """

    struct Options {
        var metadataPath: String?
        var outputPath: String?
        var configPath: String?
        var patchPaths: [String] = []
        var referencePaths: [String] = []
        var lockPath: String?
        var lockReadOnly = false
        var strict = false
        var quiet = false
        var overrides: [(inout GeneratorConfiguration) throws -> Void] = []
    }

    /// Runs the command; returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            guard let parsed = try parse(arguments) else {
                print(usage)
                return 0
            }
            options = parsed
        } catch {
            CLI.printError("odata-gen generate: \(error)\n\n\(usage)")
            return 64
        }
        guard let metadataPath = options.metadataPath, let outputPath = options.outputPath else {
            CLI.printError("odata-gen generate: a metadata file and --output <dir> are required\n\n\(usage)")
            return 64
        }
        let setup = CommandSetup(configPath: options.configPath, patchPaths: options.patchPaths, referencePaths: options.referencePaths)
        return CommandSetup.run {
            var configuration = try setup.configuration()
            for override in options.overrides { try override(&configuration) }
            try configuration.validate()
            let input = try setup.reader(configuration, strict: options.strict, quiet: options.quiet)
            let metadata = try input.parse(metadataPath)
            let lockURL = options.lockPath.map { URL(fileURLWithPath: $0) }
            let lock = try lockURL.flatMap { url in
                FileManager.default.fileExists(atPath: url.path) ? try DiffCommand.readLock(url.path) : nil
            }
            let result = try CodeGenerator(configuration: configuration, lock: lock).generate(metadata)
            if !options.quiet {
                for diagnostic in result.diagnostics {
                    MetadataInput.report(diagnostic.location, diagnostic.severity, diagnostic.message, metadataPath)
                }
            }
            try OutputWriter(directory: URL(fileURLWithPath: outputPath)).write(result.files)
            if let lockURL, !options.lockReadOnly {
                let data = try NameLock(api: result.api).encoded()
                if (try? Data(contentsOf: lockURL)) != data { try data.write(to: lockURL, options: .atomic) }
            }
            return 0
        }
    }
}
