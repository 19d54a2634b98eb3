import Foundation
import XCTest

/// Proves that typed filters reject ill-typed comparisons at compile time: each snippet is type-checked
/// with the toolchain's `swiftc` against the freshly built `OData` module and must fail with the expected
/// diagnostic, while a control snippet with only valid forms must pass.
final class FilterTypeCheckingTests: XCTestCase {
    private let prelude = """
        import OData
        let name = TypedProperty<String>(PropertyDescriptor(name: "Name", type: .primitive(.string), index: 0))
        let age = TypedProperty<Int>(PropertyDescriptor(name: "Age", type: .primitive(.int32), index: 1))
        let born = TypedProperty<LocalDateTime>(PropertyDescriptor(name: "Born", type: .primitive(.dateTime), index: 2))
        let active = TypedProperty<Bool>(PropertyDescriptor(name: "Active", type: .primitive(.boolean), index: 3))

        """

    func testValidFormsTypeCheck() throws {
        let result = try typeCheck(
            """
            let f: QueryFilter = name.contains("x") && age > 3 || !(name == "y") && age.add(1).mul(2) <= 10
            let g: QueryFilter = born.year() == 2024 && name.toLower().startsWith("a") && active == true
            let h: QueryFilter = name.length().greaterThan(age) || name.equal(nil) || age.equal(age.sub(1))
            print(f, g, h)
            """)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testIllTypedFormsDoNotCompile() throws {
        let cases: [(String, String)] = [
            ("_ = age.equal(\"x\")", "cannot convert value of type 'String' to expected argument type 'Int'"),
            ("_ = age == \"x\" as QueryFilter", "cannot"),
            ("_ = name.greaterThan(5)", "cannot convert value of type 'Int' to expected argument type 'String'"),
            ("_ = age.contains(\"x\")", "requires the types 'Int' and 'String' be equivalent"),
            ("_ = name.year()", "requires that 'String' conform to 'FilterDate'"),
            ("_ = active > false", "Bool"),
            ("_ = name.add(\"x\")", "requires that 'String' conform to 'FilterNumeric'"),
            ("_ = age.equal(name)", "requires the types 'Int' and 'String' be equivalent"),
            ("_ = born < 5", "TypedProperty<LocalDateTime>"),
        ]
        // One compiler run for all snippets: each sits on its own line, and each line must carry its error.
        let result = try typeCheck(cases.map(\.0).joined(separator: "\n"))
        XCTAssertNotEqual(result.status, 0)
        let firstLine = prelude.split(separator: "\n", omittingEmptySubsequences: false).count
        for (offset, (snippet, diagnostic)) in cases.enumerated() {
            let marker = "main.swift:\(firstLine + offset):"
            let messages = result.output.split(separator: "\n").filter { $0.contains(marker) && $0.contains("error:") }
            XCTAssertFalse(messages.isEmpty, "compiled but must not: \(snippet)\n\(result.output)")
            XCTAssertTrue(messages.contains { $0.contains(diagnostic) }, "\(snippet) should say \(diagnostic): \(messages)")
        }
    }

    // MARK: Harness

    private func typeCheck(_ body: String) throws -> (status: Int32, output: String) {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let testBinary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var modules = testBinary.deletingLastPathComponent().appendingPathComponent("Modules")
        if !FileManager.default.fileExists(atPath: modules.appendingPathComponent("OData.swiftmodule").path) {
            modules = testBinary.deletingLastPathComponent()
        }
        let swiftc = try XCTUnwrap(Self.findSwiftc(), "swiftc not found next to swift or on PATH")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odata-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.swift")
        try (prelude + body + "\n").write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = swiftc
        process.arguments =
            [
                "-typecheck", "-I", modules.path, "-I", packageRoot.appendingPathComponent("Sources/CLibXML2").path,
                "-module-cache-path", directory.appendingPathComponent("cache").path, source.path,
            ] + Self.libxml2Flags()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The C flags of libxml2 (the OData module imports CLibXML2 internally, so its headers must be found).
    private static func libxml2Flags() -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags", "libxml-2.0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        var flags = ["-I/usr/include/libxml2"]
        if (try? process.run()) != nil {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 0 { flags = output.split(separator: " ").map(String.init).filter { !$0.isEmpty && $0 != "\n" } }
        }
        return flags.flatMap { ["-Xcc", $0.trimmingCharacters(in: .whitespacesAndNewlines)] }
    }

    private static func findSwiftc() -> URL? {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["PATH"] {
            candidates += path.split(separator: ":").map { "\($0)/swiftc" }
        }
        candidates.append("/opt/swift/usr/bin/swiftc")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }
}
