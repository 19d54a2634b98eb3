import Foundation
import XCTest

/// The compatibility suite (issue 13 item 10, issue 22 item 4, issue 30 items 4 and 6): code shaped like SAP's
/// documented examples, each adapted only to the ESPM names (its source is the first line of its file in
/// Resources/SAPSnippets), type-checked in Swift 6 mode against the ESPM modules the test command builds. A snippet
/// that uses SAP's spellings has the porter's `import ODataSAPCompatibility` (the opt-in module); one that calls the
/// generated container's synchronous forms or relies on reference entities also needs the generator's
/// `"sapCompatibility": true`. So, in three ways:
/// - against `SAPCompatibleESPM` (generated with `"sapCompatibility": true`: reference entities, synchronous
///   forms; the snippet's `import ESPM` names it), every snippet compiles but the ones in `unsupported`;
/// - against the default `ESPM` (struct entities, async only), every snippet compiles but the ones that call the
///   container's synchronous forms (`needSynchronousForms`) and the ones that need reference semantics
///   (`needReferenceSemantics`), which must fail with the diagnostic given there;
/// - the snippets without `import ODataSAPCompatibility` that need nothing of the generator's opt-in (the seeds'
///   calls among them) compile with that module nowhere in the compilation.
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
        "74-changeset-writes-without-try": constantEntityDiagnostic,
        "75-load-property-error-handler": "requires that 'Customer' conform to 'ReferenceEntity'",
        "76-create-related-entity-sync": constantEntityDiagnostic,
    ]

    /// What the default mode says when SAP code calls a generated container's synchronous form.
    static let synchronousDiagnostic = "'async' call in a function that does not support concurrency"

    /// Snippets that call a generated container's synchronous forms, which only `"sapCompatibility": true`
    /// generates: against the default ESPM each fails with `synchronousDiagnostic`.
    static let needSynchronousForms: Set<String> = [
        "01-dataquery-proxy-example", "08-sync-update-var", "27-catch-dataservice-error", "37-function-import-sync",
        "44-dataquery-skip-top", "45-dataquery-thenby", "46-withkey-fetch-one", "48-navigation-path-filter",
        "49-datetime-filter", "55-query-functions", "56-changeset-update-delete", "57-catch-status",
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
        let synchronous = files.filter { Self.needSynchronousForms.contains(Self.name($0)) }
        XCTAssertEqual(Set(synchronous.map(Self.name)), Self.needSynchronousForms, "a synchronous snippet has no file")
        let compiling = files.filter {
            Self.needReferenceSemantics[Self.name($0)] == nil && Self.unsupported[Self.name($0)] == nil && !synchronous.contains($0)
        }
        if let problem = try SnippetCompiler.typecheck(compiling) { XCTFail("snippets that should compile do not:\n\(problem)") }
        // One at a time: the compiler stops type-checking further files once one has failed.
        for file in synchronous {
            let problem = try SnippetCompiler.typecheck([file])
            XCTAssertNotNil(problem, "\(Self.name(file)) compiles against the default ESPM: take it off needSynchronousForms")
            let errors = SnippetCompiler.errors(in: problem ?? "").values.joined()
            XCTAssertTrue(errors.allSatisfy { $0.contains(Self.synchronousDiagnostic) }, "\(Self.name(file)): \(errors)")
        }
        XCTAssertGreaterThan(compiling.count, 50, "snippets without the generator's opt-in are checked against the default ESPM")
        print(
            "SAP snippets against the default ESPM: \(compiling.count) of \(files.count) compile; \(synchronous.count) use the "
                + "container's synchronous forms, \(Self.needReferenceSemantics.count) need reference semantics")
    }

    func testSnippetsWithoutTheOptInModuleCompileWithoutIt() throws {
        let files = try Self.snippets()
        let plain = try files.filter {
            try !String(contentsOf: $0, encoding: .utf8).contains("\nimport ODataSAPCompatibility\n")
                && Self.needReferenceSemantics[Self.name($0)] == nil && !Self.needSynchronousForms.contains(Self.name($0))
        }
        XCTAssertTrue(plain.contains { Self.name($0) == "04-seed-customer-detail" }, "the seeds' calls need no opt-in")
        if let problem = try SnippetCompiler.typecheck(plain) { XCTFail("snippets without the opt-in module do not compile:\n\(problem)") }
        print("SAP snippets without import ODataSAPCompatibility: \(plain.count) of \(files.count) compile without it")
    }

    func testTheDeprecatedModuleNameStillWorks() throws {
        let files = try Self.snippets().filter {
            Self.name($0) == "08-sync-update-var" || Self.name($0) == "74-changeset-writes-without-try"
        }
        XCTAssertEqual(files.count, 2)
        let optIn = try SnippetCompiler.againstSAPCompatibleESPM(files, optInModule: "ODataSynchronous")
        defer { try? FileManager.default.removeItem(at: optIn.directory) }
        if let problem = try SnippetCompiler.typecheck(files.compactMap { optIn.files[$0] }) {
            XCTFail("import ODataSynchronous (the deprecated name) no longer gives the opt-in:\n\(problem)")
        }
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
        XCTAssertTrue(problem.contains(Self.synchronousDiagnostic), problem)
    }

    /// The snippet files, sorted, each naming its source on its first line.
    static func snippets() throws -> [URL] {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil)).appendingPathComponent("SAPSnippets")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 83)
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
    /// Copies of `files` in a new temporary directory that import `SAPCompatibleESPM` where they import `ESPM` (and
    /// `optInModule` where they import `ODataSAPCompatibility`).
    static func againstSAPCompatibleESPM(_ files: [URL], optInModule: String = "ODataSAPCompatibility") throws -> (
        directory: URL, files: [URL: URL]
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sap-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var copies: [URL: URL] = [:]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains("\nimport ESPM\n"), "\(file.lastPathComponent) does not import ESPM")
            let copy = directory.appendingPathComponent(file.lastPathComponent)
            try text.replacingOccurrences(of: "\nimport ESPM\n", with: "\nimport SAPCompatibleESPM\n")
                .replacingOccurrences(of: "\nimport ODataSAPCompatibility\n", with: "\nimport \(optInModule)\n")
                .write(to: copy, atomically: true, encoding: .utf8)
            copies[file] = copy
        }
        return (directory, copies)
    }

    /// The error messages of a compiler output, by the snippet name of the file they are in.
    static func errors(in output: String) -> [String: [String]] {
        var errors: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.contains(": error: ") && !line.hasPrefix(" ") {
            let path = line.prefix { $0 != ":" }
            let name = URL(fileURLWithPath: String(path)).deletingPathExtension().lastPathComponent
            errors[name, default: []].append(String(line))
        }
        return errors
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
