import Foundation
import XCTest

/// Runs the built `espm-demo` (the seeds' data code) against pyslet and checks what it prints.
final class EspmDemoTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("espm-demo")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("espm-demo is not built at \(binary.path): the test command runs `swift build` first")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testDemoScreensAgainstPyslet() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let (overviewStatus, overview) = try run([root.absoluteString, "overview"])
        XCTAssertEqual(overviewStatus, 0, overview)
        XCTAssertTrue(overview.contains("Anna Müller — Walldorf, DE — # Sales Orders : 3"), overview)
        let summary =
            #"Requests: [1-9][0-9]* requests \(0 failed\), p50 [0-9.]+ ms, p95 [0-9.]+ ms, [0-9.]+ [KM]?B received, 0 B sent, "#
            + #"0 retries, statuses 200×[1-9]"#
        XCTAssertNotNil(overview.range(of: summary, options: .regularExpression), overview)
        let (detailStatus, detail) = try run([root.absoluteString, "detail", "C000001"])
        XCTAssertEqual(detailStatus, 0, detail)
        XCTAssertTrue(detail.contains("Hauptstraße, Walldorf, 15592, DE"), detail)
        XCTAssertTrue(detail.contains("Net Amount (EUR) for Sales Orders: 66581, 50048, 39913"), detail)
        let (searchStatus, search) = try run([root.absoluteString, "search", "Müller"])
        XCTAssertEqual(searchStatus, 0, search)
        XCTAssertTrue(search.contains("Server: 6 customer(s); in memory: 6 customer(s)"), search)
    }
}
