import Foundation
import XCTest

/// Top-level code in a `main.swift` against generated ESPM modules (issue 24, item 1). With the default
/// configuration the container has no synchronous forms, so `try await service.fetchCustomers()` at top level
/// compiles. Under the `sapCompatibility` opt-in (the SAPCompatibleESPM target and `import ODataSAPCompatibility`) the
/// synchronous SAP twins exist, synchronous top-level code calls them, and Swift 6.3's type checker, which treats
/// top-level code as a synchronous context while it ranks overloads, picks them for a top-level `try await` too and
/// rejects it as unavailable from asynchronous contexts: that diagnostic is pinned so that a compiler that fixes it
/// is noticed (README, "Porting from SAPOData"). Tests/PluginIntegration builds and runs such programs.
final class TopLevelCodeTests: XCTestCase {
    private static func prelude(_ module: String, synchronous: Bool = false) -> String {
        """
        import \(module)
        import Foundation
        import OData
        \(synchronous ? "import ODataSAPCompatibility\n" : "")
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: URL(string: "http://127.0.0.1:9/")!))

        """
    }

    private func typecheckMain(_ body: String, module: String = "ESPM", synchronous: Bool = false) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("toplevel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = directory.appendingPathComponent("main.swift")
        try (Self.prelude(module, synchronous: synchronous) + body).write(to: main, atomically: true, encoding: .utf8)
        return try SnippetCompiler.typecheck([main])
    }

    /// The issue's program: six calls with `try await` at top level, no option set.
    private static let sixCalls = """
        let customers = try await service.fetchCustomers(matching: DataQuery().top(3))
        var changed = customers[0]
        changed.city = "Top-level City"
        try await service.updateEntity(changed)
        let reread = try await service.fetchCustomerWithKey(customerID: changed.customerID)
        let count = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
        let products = try await service.fetchProducts(matching: DataQuery().top(5))
        let result = try await service.executeQuery(DataQuery().from(ESPMContainerMetadata.EntitySets.products).top(2))
        try await service.deleteEntity(reread)
        print(customers.count, count, products.count, try result.entityList().count)

        """

    func testDirectAwaitsInTopLevelCodeCompileWithTheDefaultConfiguration() throws {
        XCTAssertNil(try typecheckMain(Self.sixCalls))
    }

    /// README, "Using the runtime": a changeset and the server's version of what it created, at top level.
    func testTheChangesetExampleCompilesAtTopLevel() throws {
        let program = """
            var newCustomer = Customer()
            newCustomer.customerID = "C-new"
            var edited = try await service.fetchCustomerWithKey(customerID: "C000001")
            edited.city = "Walldorf"
            let changes = ChangeSet()
            let id = changes.createEntity(newCustomer)
            try changes.updateEntity(edited)
            try await service.applyChanges(changes)
            let created = changes.serverVersion(of: Customer.self, forContentID: id)
            print(created?.customerID ?? "-", changes.serverVersion(forContentID: "2")?.metadata.etag ?? "-")

            """
        XCTAssertNil(try typecheckMain(program))
    }

    func testTheOptInKeepsSAPsSynchronousFormsForSynchronousTopLevelCode() throws {
        let synchronous = """
            let customers = try service.fetchCustomers(matching: DataQuery().top(3))
            var customer = customers[0]
            customer.city = "Ported City"
            try service.updateEntity(&customer)
            let count = try service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
            let report = try service.checkMetadata()
            print(customers.count, count, report)

            """
        XCTAssertNil(try typecheckMain(synchronous, module: "SAPCompatibleESPM", synchronous: true))
        let withoutOptIn = try XCTUnwrap(try typecheckMain(synchronous), "the default ESPM module has synchronous forms")
        XCTAssertTrue(withoutOptIn.contains("'async' call in a function that does not support concurrency"), withoutOptIn)
    }

    func testUnderTheOptInATopLevelAwaitStillPicksTheSynchronousTwin() throws {
        let problem = try typecheckMain(
            "let customers = try await service.fetchCustomers(matching: DataQuery().top(1))\nprint(customers.count)\n",
            module: "SAPCompatibleESPM", synchronous: true)
        let diagnostic = try XCTUnwrap(problem, "top-level `try await` compiles under the opt-in now: update README, Porting from SAPOData")
        XCTAssertTrue(diagnostic.contains("is unavailable from asynchronous contexts"), diagnostic)
    }

    func testAnAsyncFunctionOrACompletionHandlerWorksInTopLevelCode() throws {
        for (module, synchronous) in [("ESPM", false), ("SAPCompatibleESPM", true)] {
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

                """, module: module, synchronous: synchronous)
            XCTAssertNil(problem, module)
        }
    }
}
