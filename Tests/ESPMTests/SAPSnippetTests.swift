import Foundation
import XCTest

/// The compatibility suite (issue 13 item 10): code shaped like SAP's documented examples, each adapted only
/// to the ESPM names (its source is the first line of its file in Resources/SAPSnippets), type-checked in
/// Swift 6 mode against the ESPM module the test command builds. Every snippet compiles except the ones
/// listed in `unsupported`, which must fail with the diagnostic given (README, "Porting from SAPOData").
final class SAPSnippetTests: XCTestCase {
    /// Snippets that do not compile, with a fragment of the diagnostic they must produce and why.
    static let unsupported: [String: (diagnostic: String, reason: String)] = [
        "07-sync-create": ("'firstName' is a get-only property", "entities are structs: a `let` entity cannot be changed (use `var`)"),
        "40-class-update-twice": (
            "'firstName' is a get-only property",
            "entities are structs: a parameter cannot be changed (use `inout` and `updateEntity(&customer)`)"
        ),
    ]

    func testSAPShapedSnippetsCompileExceptTheListedOnes() throws {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil)).appendingPathComponent("SAPSnippets")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 58)
        for file in files {
            let first = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first ?? ""
            XCTAssertTrue(first.hasPrefix("// Source: "), "\(file.lastPathComponent) names no source")
        }
        let name = { (file: URL) in file.deletingPathExtension().lastPathComponent }
        let compiling = files.filter { Self.unsupported[name($0)] == nil }
        if let problem = try SnippetCompiler.typecheck(compiling) { XCTFail("snippets that should compile do not:\n\(problem)") }
        for file in files {
            guard let expected = Self.unsupported[name(file)] else { continue }
            let problem = try SnippetCompiler.typecheck([file])
            XCTAssertNotNil(problem, "\(name(file)) compiles now: take it off the unsupported list")
            if let problem { XCTAssertTrue(problem.contains(expected.diagnostic), "\(name(file)): \(problem)") }
        }
        XCTAssertEqual(Set(Self.unsupported.keys).subtracting(files.map(name)), [], "an unsupported snippet has no file")
        XCTAssertGreaterThanOrEqual(compiling.count, 50, "the issue's goal: at least 50 of the 58 snippets compile")
        print("SAP snippets: \(compiling.count) of \(files.count) compile")
    }
}

/// Runs `swiftc -typecheck` in Swift 6 mode on snippet files against the package's built modules.
enum SnippetCompiler {
    static func typecheck(_ files: [URL]) throws -> String? {
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments =
            [
                "-typecheck", "-swift-version", "6", "-module-name", "Snippets", "-I", try modules().path,
                "-I", root.appendingPathComponent("Sources/CLibXML2").path, "-Xcc", "-I/usr/include/libxml2",
            ] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: data, as: UTF8.self)
    }

    /// The repository (for the CLibXML2 module map the OData module imports).
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `.build/<triple>/debug/Modules`, next to this test bundle.
    private static func modules() throws -> URL {
        let resources = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return resources.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Modules")
    }

    private static func swiftc() throws -> URL {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile)
    }
}
