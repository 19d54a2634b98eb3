import ODataCodeGen
import ODataMetadata

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes generated files into a directory: unchanged files are left alone (their modification time too),
/// and `.swift` files that an earlier run generated but this one did not are removed. Files without the
/// generated header are never touched.
struct OutputWriter {
    let directory: URL

    func write(_ files: [GeneratedFile]) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GeneratorError(message: "cannot create output directory \(directory.path): \(ErrorText.describing(error))")
        }
        let names = Set(files.map(\.name))
        let marker = "// " + CodeGenerator.header[0]
        let existing = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in existing.sorted() where name.hasSuffix(".swift") && !names.contains(name) {
            let url = directory.appendingPathComponent(name)
            if let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix(marker) {
                try? manager.removeItem(at: url)
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if let old = try? Data(contentsOf: url), old == data { continue }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw GeneratorError(message: "cannot write \(url.path): \(ErrorText.describing(error))")
            }
        }
    }
}
