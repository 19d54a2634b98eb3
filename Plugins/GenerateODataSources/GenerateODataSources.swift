import Foundation
import PackagePlugin

/// Command plugin `generate-odata-sources`: writes the generated sources into the package, for users who
/// check them in. For each target that contains a metadata document (or each `--target <name>`), runs
/// `odata-gen generate` with the target's `odata-generator-config.json` into a `Generated` folder next to the metadata document.
///
///     swift package --allow-writing-to-package-directory generate-odata-sources [--target <name>]...
///
/// Do not also apply the ODataGenerator build plugin to such a target: the types would be declared twice.
@main
struct GenerateODataSources: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw PluginError("unknown argument '\(unknown)'; usage: generate-odata-sources [--target <name>]...")
        }
        let tool = try context.tool(named: "odata-gen").url
        var generated = 0
        for target in context.package.targets {
            guard let sourceTarget = target as? SourceModuleTarget else { continue }
            let files = sourceTarget.sourceFiles.map(\.url)
            let explicitlyRequested = requested.contains(target.name)
            guard requested.isEmpty || explicitlyRequested else { continue }
            let locator: MetadataLocator
            do {
                locator = try MetadataLocator(files: files, targetName: target.name)
            } catch {
                if explicitlyRequested { throw error }
                continue
            }
            let output = locator.metadata.deletingLastPathComponent().appendingPathComponent("Generated")
            var toolArguments = ["generate", locator.metadata.path, "--output", output.path]
            if let configuration = locator.configuration { toolArguments += ["--config", configuration.path] }
            if let patches = locator.patches { toolArguments += ["--patches", patches.path] }
            try run(tool, toolArguments)
            print("Generated OData sources for \(target.name) in \(output.path)")
            generated += 1
        }
        for name in requested where !context.package.targets.contains(where: { $0.name == name }) {
            throw PluginError("no target named '\(name)' in this package")
        }
        if generated == 0 {
            throw PluginError("no target contains an OData metadata document (*.edmx, or an EDMX *.xml)")
        }
    }

    private func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginError("odata-gen failed with status \(process.terminationStatus); see the messages above")
        }
    }
}
