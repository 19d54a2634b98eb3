import Foundation
import PackagePlugin

/// Build-tool plugin: generates typed Swift sources from the one OData metadata document in a target
/// (and its optional `odata-generator-config.json`) into the plugin's work directory, and compiles them
/// into the target.
///
/// A build plugin must name its outputs before the generator runs, and the type names are only known
/// after parsing, so the plugin uses the generator's `sharded` layout: a fixed set of files
/// (`GeneratedService.swift`, `GeneratedMetadata.swift`, `GeneratedTypes0…31.swift`) whose names never
/// depend on the metadata, with the types spread round-robin over the 32 type files so the compiler
/// can still work on them in parallel. SwiftPM reruns the generator only when the metadata document,
/// the configuration file or the generator itself changed.
@main
struct ODataGenerator: BuildToolPlugin {
    /// The number of type files; fixed so that outputs are known before generation.
    static let shardCount = 32

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else {
            throw PluginError("the ODataGenerator plugin only applies to source targets; '\(target.name)' is not one")
        }
        let locator = try MetadataLocator(files: sourceTarget.sourceFiles.map(\.url), targetName: target.name)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        var arguments = [
            "generate", locator.metadata.path, "--output", output.path, "--layout", "sharded",
            "--shards", String(Self.shardCount),
        ]
        var inputs = [locator.metadata]
        if let configuration = locator.configuration {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        }
        let outputs = ["GeneratedService.swift", "GeneratedMetadata.swift"]
            .map { output.appendingPathComponent($0) }
            + (0..<Self.shardCount).map { output.appendingPathComponent("GeneratedTypes\($0).swift") }
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
