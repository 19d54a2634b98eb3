import Foundation
import XCTest

/// The compatibility suite (issue 13 item 10, issue 22 item 4): code shaped like SAP's documented examples, each
/// adapted only to the ESPM names (its source is the first line of its file in Resources/SAPSnippets),
/// type-checked in Swift 6 mode against the ESPM modules the test command builds, in both modes:
/// - against `SAPCompatibleESPM` (generated with `"sapCompatibility": true`: reference entities, synchronous
///   forms; the snippet's `import ESPM` names it), every snippet compiles but the ones in `unsupported`;
/// - against the default `ESPM` (struct entities, async only), every snippet compiles but the ones that call
///   SAP's synchronous forms (they have the porter's `import ODataSynchronous`, and `testSynchronousSnippetsNeedTheOptIn`
///   pins why) and the ones in `needReferenceSemantics`, which must fail with the diagnostic given there.
/// README, "Porting from SAPOData".
final class SAPSnippetTests: XCTestCase {
    /// What the default (struct) mode says when SAP code changes a property of a constant entity.
    static let constantEntityDiagnostic = "the entity is a 'let' constant (or a parameter)"

    /// Snippets that need SAP's reference semantics (issue 22, pattern 1): they change an entity they hold as a
    /// constant, so they compile only with the opt-in; in the default mode they fail with this diagnostic.
    static let needReferenceSemantics: [String: String] = [
        "07-sync-create": constantEntityDiagnostic,
        "40-class-update-twice": constantEntityDiagnostic,
        "65-dataservice-example-copy": constantEntityDiagnostic,
        "66-new-item-let": constantEntityDiagnostic,
        "67-closure-parameter": constantEntityDiagnostic,
        "68-array-element-update": constantEntityDiagnostic,
        "69-remember-old-let": "cannot use mutating member on immutable value: 'customer' is a 'let' constant",
        "70-changeset-copy-constants": constantEntityDiagnostic,
        "71-load-entity-let": constantEntityDiagnostic,
        "72-load-property-let": "requires that 'Customer' conform to 'ReferenceEntity'",
    ]

    /// Snippets that compile in neither mode, with a fragment of the diagnostic they must produce and why.
    static let unsupported: [String: (diagnostic: String, reason: String)] = [:]

    func testEverySnippetCompilesWithTheOptIn() throws {
        let files = try Self.snippets()
        let optIn = try SnippetCompiler.againstSAPCompatibleESPM(files)
        defer { try? FileManager.default.removeItem(at: optIn.directory) }
        let compiling = files.filter { Self.unsupported[Self.name($0)] == nil }
        if let problem = try SnippetCompiler.typecheck(compiling.compactMap { optIn.files[$0] }) {
            XCTFail("snippets that should compile against SAPCompatibleESPM do not:\n\(problem)")
        }
        for file in files {
            guard let expected = Self.unsupported[Self.name(file)], let copy = optIn.files[file] else { continue }
            let problem = try SnippetCompiler.typecheck([copy])
            XCTAssertNotNil(problem, "\(Self.name(file)) compiles now: take it off the unsupported list")
            if let problem { XCTAssertTrue(problem.contains(expected.diagnostic), "\(Self.name(file)): \(problem)") }
        }
        XCTAssertEqual(Set(Self.unsupported.keys).subtracting(files.map(Self.name)), [], "an unsupported snippet has no file")
        XCTAssertGreaterThanOrEqual(compiling.count, files.count - 2, "the issue's goal: every pattern compiles with the opt-in")
        print("SAP snippets with the sapCompatibility opt-in: \(compiling.count) of \(files.count) compile")
    }

    func testSnippetsCompileAgainstTheDefaultESPMUnlessTheyNeedTheOptIn() throws {
        let files = try Self.snippets()
        let synchronous = try files.filter { try String(contentsOf: $0, encoding: .utf8).contains("\nimport ODataSynchronous\n") }
        let reference = files.filter { Self.needReferenceSemantics[Self.name($0)] != nil }
        let plain = files.filter { !synchronous.contains($0) && !reference.contains($0) && Self.unsupported[Self.name($0)] == nil }
        if let problem = try SnippetCompiler.typecheck(plain) { XCTFail("snippets that should compile do not:\n\(problem)") }
        XCTAssertGreaterThan(plain.count, 30, "snippets without synchronous forms are checked against the default ESPM")
        print(
            "SAP snippets against the default ESPM: \(plain.count) of \(files.count) compile; \(synchronous.count) use synchronous "
                + "forms, \(reference.count) need reference semantics")
    }

    func testReferenceSemanticsSnippetsFailInTheDefaultModeWithThePinnedDiagnostic() throws {
        let files = try Self.snippets()
        XCTAssertEqual(
            Set(Self.needReferenceSemantics.keys).subtracting(files.map(Self.name)), [], "a reference-semantics snippet has no file")
        for file in files {
            guard let expected = Self.needReferenceSemantics[Self.name(file)] else { continue }
            let problem = try SnippetCompiler.typecheck([file])
            XCTAssertNotNil(problem, "\(Self.name(file)) compiles with struct entities: take it off needReferenceSemantics")
            if let problem { XCTAssertTrue(problem.contains(expected), "\(Self.name(file)): \(problem)") }
        }
    }

    func testSynchronousSnippetsNeedTheOptIn() throws {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil)).appendingPathComponent("SAPSnippets")
        let file = directory.appendingPathComponent("08-sync-update-var.swift")
        let problem = try XCTUnwrap(try SnippetCompiler.typecheck([file]), "a synchronous snippet compiles against the default ESPM")
        XCTAssertTrue(problem.contains("'async' call in a function that does not support concurrency"), problem)
    }

    /// The snippet files, sorted, each naming its source on its first line.
    static func snippets() throws -> [URL] {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil)).appendingPathComponent("SAPSnippets")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 73)
        for file in files {
            let first = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first ?? ""
            XCTAssertTrue(first.hasPrefix("// Source: "), "\(file.lastPathComponent) names no source")
        }
        return files
    }

    static func name(_ file: URL) -> String { file.deletingPathExtension().lastPathComponent }
}

/// Runs `swiftc -typecheck` in Swift 6 mode on snippet files against the package's built modules.
enum SnippetCompiler {
    /// Copies of `files` in a new temporary directory that import `SAPCompatibleESPM` where they import `ESPM`.
    static func againstSAPCompatibleESPM(_ files: [URL]) throws -> (directory: URL, files: [URL: URL]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sap-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var copies: [URL: URL] = [:]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains("\nimport ESPM\n"), "\(file.lastPathComponent) does not import ESPM")
            let copy = directory.appendingPathComponent(file.lastPathComponent)
            try text.replacingOccurrences(of: "\nimport ESPM\n", with: "\nimport SAPCompatibleESPM\n").write(
                to: copy, atomically: true, encoding: .utf8)
            copies[file] = copy
        }
        return (directory, copies)
    }

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
