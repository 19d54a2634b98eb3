import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `odata-gen diff <old> <new> [--config <file>] [--patches <file>] [--lock <file>]`: the public API changes
/// that regenerating from `<new>` makes, with the source-breaking ones marked.
enum DiffCommand {
    static let usage = """
        usage: odata-gen diff <old metadata | lock file> <new metadata> [--config <file>] [--patches <file>]
                              [--reference <file>] [--lock <file>]

          Prints the changes of the generated public API between two metadata versions: added, removed,
          renamed, type changed, optional <-> non-optional, each with its EDM element; BREAKING marks the
          changes that can stop existing code from compiling. <old> may be an odata-generator.lock.json
          (the API of the last generation). The new API keeps the names of the lock (the <old> lock file,
          or --lock), as a regeneration with that lock file would.

          --lock <file>         lock file whose names the generation keeps
        \(CommandSetup.optionsHelp)
        """

    /// Runs the command; returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        var exitCode: Int32 = 0
        guard
            let parsed = OptionArguments.parse(
                arguments, command: "diff", usage: usage, valueOptions: OptionArguments.setupOptions.union(["--lock"]),
                exitCode: &exitCode)
        else { return exitCode }
        let paths = parsed.paths
        guard paths.count == 2 else {
            CLI.printError("odata-gen diff: expected an old and a new metadata document\n\n\(usage)")
            return 64
        }
        let setup = CommandSetup(parsed)
        return CommandSetup.run {
            let configuration = try setup.configuration()
            let input = try setup.reader(configuration)
            var lock = try parsed.last("--lock").map { try readLock($0) }
            let old: GeneratedAPI
            if paths[0].hasSuffix(".json") {
                old = try readLock(paths[0]).api
                lock = lock ?? NameLock(api: old)
            } else {
                old = try CodeGenerator(configuration: configuration, lock: lock).api(input.parse(paths[0]))
            }
            let new = try CodeGenerator(configuration: configuration, lock: lock).api(input.parse(paths[1]))
            let changes = APIDiff.changes(from: old, to: new)
            for change in changes { print(change.description) }
            let breaking = changes.filter(\.isBreaking).count
            print("\(changes.count) change\(changes.count == 1 ? "" : "s"), \(breaking) breaking")
            return breaking > 0 ? 2 : 0
        }
    }

    static func readLock(_ path: String) throws -> NameLock {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw GeneratorError(message: "cannot read lock file \(path): \(ErrorText.describing(error))")
        }
        return try NameLock.decode(data, source: path)
    }
}
