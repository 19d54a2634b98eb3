import Foundation

/// Finds a target's metadata document and configuration file, with errors that say how to fix the target.
/// (Shared by the ODataGenerator and GenerateODataSources plugins through a symbolic link.)
struct MetadataLocator {
    /// The configuration file name.
    static let configurationName = "odata-generator-config.json"

    /// The metadata document (`*.edmx`, or `*.xml` whose start contains an `Edmx` element).
    let metadata: URL
    /// The configuration file, if the target has one.
    let configuration: URL?
    /// The metadata patch file next to the metadata document, if there is one.
    let patches: URL?

    /// The lock file next to the metadata document (`odata-generator.lock.json`), whether or not it exists yet.
    var lockFile: URL { metadata.deletingLastPathComponent().appendingPathComponent(Self.lockName) }
    /// The lock file name.
    static let lockName = "odata-generator.lock.json"

    /// The patch file name looked for next to the metadata document.
    static let patchesName = "odata-metadata-patches.json"

    /// Looks through a target's files.
    init(files: [URL], targetName: String) throws {
        let candidates = files.filter { url in
            let ext = url.pathExtension.lowercased()
            if ext == "edmx" { return true }
            return ext == "xml" && Self.looksLikeEDMX(url)
        }.sorted { $0.path < $1.path }
        guard let first = candidates.first else {
            throw PluginError(
                "target '\(targetName)' uses the OData generator but contains no metadata document. "
                    + "Add exactly one OData v2 $metadata file to the target's folder, named *.edmx "
                    + "(or *.xml with an <edmx:Edmx> root).")
        }
        guard candidates.count == 1 else {
            let names = candidates.map(\.lastPathComponent).joined(separator: ", ")
            throw PluginError(
                "target '\(targetName)' contains \(candidates.count) metadata documents (\(names)); the OData generator "
                    + "needs exactly one per target. Move the others to separate targets or out of the target's folder.")
        }
        metadata = first
        configuration = files.filter { $0.lastPathComponent == Self.configurationName }.sorted { $0.path < $1.path }.first
        let next = first.deletingLastPathComponent().appendingPathComponent(Self.patchesName)
        patches = FileManager.default.fileExists(atPath: next.path) ? next : nil
    }

    /// Whether the first 4 KiB of a file contain an `Edmx` root element (`<edmx:Edmx` or `<Edmx`).
    static func looksLikeEDMX(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        let text = String(decoding: head, as: UTF8.self)
        return text.contains(":Edmx") || text.contains("<Edmx")
    }
}

/// A plugin failure with a message for the build log.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
