import Foundation
import ODataCodeGen
import ODataMetadata

/// `odata-gen diff <old> <new> [--config <file>] [--patches <file>] [--lock <file>]`: the public API changes
/// that regenerating from `<new>` makes, with the source-breaking ones marked.
enum DiffCommand {
    static let usage = """
        usage: odata-gen diff <old metadata | lock file> <new metadata> [--config <file>] [--patches <file>] [--lock <file>]

          Prints the changes of the generated public API between two metadata versions: added, removed,
          renamed, type changed, optional <-> non-optional, each with its EDM element; BREAKING marks the
          changes that can stop existing code from compiling. <old> may be an odata-generator.lock.json
          (the API of the last generation). The new API keeps the names of the lock (the <old> lock file,
          or --lock), as a regeneration with that lock file would.

          --config <file>    odata-generator-config.json used for both versions
          --patches <file>   metadata patch file applied to both versions; repeatable
          --lock <file>      lock file whose names the generation keeps
          --help, -h         print this help

          Exit status: 0 when nothing breaks, 2 when something breaks, 1 when an input is unusable,
          64 on usage errors.
        """

    /// Runs the command; returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var exitCode: Int32 = 0
        guard
            let parsed = OptionArguments.parse(
                arguments, command: "diff", usage: usage, valueOptions: ["--config", "--lock", "--patches"], exitCode: &exitCode)
        else { return exitCode }
        let paths = parsed.paths
        let configPath = parsed.last("--config")
        let lockPath = parsed.last("--lock")
        let patchPaths = parsed.values["--patches"] ?? []
        guard paths.count == 2 else {
            CLI.printError("odata-gen diff: expected an old and a new metadata document\n\n\(usage)")
            return 64
        }
        do {
            let configuration =
                try configPath.map { try GeneratorConfiguration.load(from: URL(fileURLWithPath: $0)) } ?? GeneratorConfiguration()
            let patches = try MetadataInput.patchSets(configuration: configuration, configPath: configPath, extra: patchPaths)
            var lock = try lockPath.map { try readLock($0) }
            let old: GeneratedAPI
            if paths[0].hasSuffix(".json") {
                old = try readLock(paths[0]).api
                lock = lock ?? NameLock(api: old)
            } else {
                let metadata = try MetadataInput.parse(paths[0], patches: patches, strict: false, quiet: true)
                old = try CodeGenerator(configuration: configuration, lock: lock).api(metadata)
            }
            let metadata = try MetadataInput.parse(paths[1], patches: patches, strict: false, quiet: true)
            let new = try CodeGenerator(configuration: configuration, lock: lock).api(metadata)
            let changes = APIDiff.changes(from: old, to: new)
            for change in changes { print(change.description) }
            let breaking = changes.filter(\.isBreaking).count
            print("\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking")
            return breaking > 0 ? 2 : 0
        } catch let error as GeneratorError {
            CLI.printError("error: \(error.message)")
            return 1
        } catch {
            CLI.printError("error: \(error)")
            return 1
        }
    }

    static func readLock(_ path: String) throws -> NameLock {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GeneratorError(message: "cannot read lock file \(path): \(error.localizedDescription)")
        }
        return try NameLock.decode(data, source: path)
    }
}
