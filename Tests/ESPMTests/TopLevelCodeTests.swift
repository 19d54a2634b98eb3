import Foundation
import XCTest

/// Top-level code in a `main.swift` against the generated ESPM module (README, Limits). Swift 6.3's type checker
/// treats top-level code as a synchronous context while it ranks overloads (`ConstraintSystem::isAsynchronousContext`
/// is false for top-level code), so `try await service.fetchCustomers()` there picks the synchronous SAP twin and
/// then rejects it as unavailable from asynchronous contexts; `@_disfavoredOverload` on the twin does not help (the
/// async-in-sync penalty outranks it). These tests pin that diagnostic, so that a compiler that fixes it is
/// noticed, and the forms that work in `main.swift`: an `async` function called with `await`, and the completion
/// handler (top-level code runs on the main actor, which calls the handler once the program awaits).
final class TopLevelCodeTests: XCTestCase {
    private static let prelude = """
        import ESPM
        import Foundation
        import OData

        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: URL(string: "http://127.0.0.1:9/")!))

        """

    private func typecheckMain(_ body: String) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("toplevel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = directory.appendingPathComponent("main.swift")
        try (Self.prelude + body).write(to: main, atomically: true, encoding: .utf8)
        return try SnippetCompiler.typecheck([main])
    }

    func testADirectAwaitInTopLevelCodePicksTheSynchronousTwin() throws {
        let problem = try typecheckMain(
            "let customers = try await service.fetchCustomers(matching: DataQuery().top(1))\nprint(customers.count)\n")
        let diagnostic = try XCTUnwrap(problem, "top-level `try await service.fetchCustomers()` compiles now: update README, Limits")
        XCTAssertTrue(diagnostic.contains("is unavailable from asynchronous contexts"), diagnostic)
    }

    func testAnAsyncFunctionOrACompletionHandlerWorksInTopLevelCode() throws {
        let problem = try typecheckMain(
            """
            func loadCustomers() async throws -> [Customer] {
                try await service.fetchCustomers(matching: DataQuery().top(1))
            }
            let customers = try await loadCustomers()
            var names: [String] = []
            service.fetchCustomers(matching: DataQuery().top(1)) { customers, error in
                names = customers?.compactMap(\\.lastName) ?? []
                print(error as Any)
            }
            try await Task.sleep(nanoseconds: 1_000_000)
            print(customers.count, names)

            """)
        XCTAssertNil(problem)
    }
}
