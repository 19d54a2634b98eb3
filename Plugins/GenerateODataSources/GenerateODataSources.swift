import Foundation
import PackagePlugin

/// Command plugin `generate-odata-sources`: writes the generated sources into the package, for users who
/// check them in. For each target that contains a metadata document (or each `--target <name>`), runs
/// `odata-gen generate` with the target's `odata-generator-config.json` into a `Generated` folder next to the metadata document.
///
///     swift package --allow-writing-to-package-directory generate-odata-sources [--target <name>]... [--check-breaking] [--allow-breaking]
///
/// It keeps `odata-generator.lock.json` next to the metadata document (written on first generation; check it
/// in) so regenerated names stay stable. With `--check-breaking` it first runs `odata-gen diff <lock> <metadata>`
/// and stops before writing anything when the new metadata breaks the generated API, unless `--allow-breaking`.
///
/// Do not also apply the ODataGenerator build plugin to such a target: the types would be declared twice.
@main
struct GenerateODataSources: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = extractor.extractOption(named: "target")
        let checkBreaking = extractor.extractFlag(named: "check-breaking") > 0
        let allowBreaking = extractor.extractFlag(named: "allow-breaking") > 0
        if let unknown = extractor.remainingArguments.first {
            throw PluginError(
                "unknown argument '\(unknown)'; usage: generate-odata-sources [--target <name>]... [--check-breaking] [--allow-breaking]")
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
            var shared: [String] = []
            if let configuration = locator.configuration { shared += ["--config", configuration.path] }
            if let patches = locator.patches { shared += ["--patches", patches.path] }
            if checkBreaking, FileManager.default.fileExists(atPath: locator.lockFile.path) {
                let status = try run(tool, ["diff", locator.lockFile.path, locator.metadata.path] + shared, allowing: [2])
                if status == 2, !allowBreaking {
                    throw PluginError(
                        "the new metadata of '\(target.name)' breaks the generated API (see above); nothing was written. "
                            + "Rerun with --allow-breaking to regenerate anyway.")
                }
            }
            let toolArguments = ["generate", locator.metadata.path, "--output", output.path, "--lock", locator.lockFile.path] + shared
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

    /// Runs odata-gen; a status other than 0 and `allowing` is an error. Returns the status.
    @discardableResult
    private func run(_ tool: URL, _ arguments: [String], allowing: Set<Int32> = []) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 || allowing.contains(process.terminationStatus) else {
            throw PluginError("odata-gen failed with status \(process.terminationStatus); see the messages above")
        }
        return process.terminationStatus
    }
}
