import Foundation
import PackagePlugin

/// Build-tool plugin: generates typed Swift sources from the one OData metadata document in a target
/// (and its optional `odata-generator-config.json`) into the plugin's work directory, and compiles them
/// into the target.
///
/// A build plugin must name its outputs before the generator runs, and the type names are only known
/// after parsing, so the plugin uses the generator's `sharded` layout with files whose names do not depend
/// on the type names: `GeneratedService.swift`, `GeneratedMetadata.swift` and `GeneratedTypes0…N-1.swift`,
/// where N is the number of entity and complex types the plugin counts in the document (a quick scan for
/// their element starts). Each type gets a file of its own, as in the command line's per-type layout, which
/// keeps the compiler's batch jobs balanced on every core. An inexact count stays correct: too low puts
/// several types in one file, too high leaves files without types. SwiftPM reruns the generator only when
/// the metadata document, the configuration file or the generator itself changed.
@main
struct ODataGenerator: BuildToolPlugin {
    /// The number of type files: one per entity or complex type in the document, at least one and at most the
    /// generator's maximum (4096; beyond it several types share a file).
    static func shardCount(metadata: URL) throws -> Int {
        guard let count = MetadataTypeCounter.typeCount(at: metadata) else {
            throw PluginError("cannot read the metadata document \(metadata.path)")
        }
        return min(max(1, count), 4096)
    }

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else {
            throw PluginError("the ODataGenerator plugin only applies to source targets; '\(target.name)' is not one")
        }
        let locator = try MetadataLocator(files: sourceTarget.sourceFiles.map(\.url), targetName: target.name)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let shardCount = try Self.shardCount(metadata: locator.metadata)
        var arguments = [
            "generate", locator.metadata.path, "--output", output.path, "--layout", "sharded",
            "--shards", String(shardCount),
        ]
        var inputs = [locator.metadata]
        if let configuration = locator.configuration {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        }
        // A checked-in lock file pins the Swift names; the build only reads it (the command plugin writes it).
        if FileManager.default.fileExists(atPath: locator.lockFile.path) {
            arguments += ["--lock", locator.lockFile.path, "--lock-read-only"]
            inputs.append(locator.lockFile)
        }
        if let patches = locator.patches {
            arguments += ["--patches", patches.path]
            inputs.append(patches)
        }
        let outputs =
            ["GeneratedService.swift", "GeneratedMetadata.swift"]
            .map { output.appendingPathComponent($0) }
            + (0..<shardCount).map { output.appendingPathComponent("GeneratedTypes\($0).swift") }
        return [
            .buildCommand(
                displayName: "Generating OData sources for \(target.name) from \(locator.metadata.lastPathComponent)",
                executable: try context.tool(named: "odata-gen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }
}
