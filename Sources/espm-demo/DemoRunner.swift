import ESPM
import Foundation
import OData

/// Runs one demo screen against a service and prints what the screen would show.
struct DemoRunner {
    let serviceRoot: URL

    /// Runs `overview`, `detail <id>` or `search <terms>`; returns the exit code.
    func run(_ command: String, _ arguments: [String]) async -> Int32 {
        // As in the seeds: the generated container over the online provider, here with its requests' metrics
        // summed up on the last line (count, p50/p95, bytes, retries, statuses; never a URL, header or body).
        let metrics = RequestMetricsCollector()
        var options = OnlineODataProvider.Options()
        options.requestObserver = metrics
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: serviceRoot, options: options))
        let status = await run(ESPMScreens(dataService: service), command, arguments)
        print("Requests: \(metrics.summary())")
        return status
    }

    /// Runs a screen offline: from the store (created from the shipped snapshot when missing), after a sync
    /// with `syncWith` when given.
    static func runOffline(syncWith serviceRoot: URL?, _ command: String, _ arguments: [String]) async -> Int32 {
        let demo = OfflineDemo()
        do {
            let provider = try await demo.open(syncingWith: serviceRoot)
            if serviceRoot != nil { try await demo.sync(provider) }
            let screens = ESPMScreens(dataService: ESPMContainer(provider: provider))
            let status = await DemoRunner(serviceRoot: provider.serviceRoot).run(screens, command, arguments)
            try await provider.close()
            return status
        } catch {
            FileHandle.standardError.write(Data("espm-demo: offline store failed: \(error)\n".utf8))
            return 1
        }
    }

    func run<Provider: DataServiceProvider>(
        _ screens: ESPMScreens<Provider>, _ command: String, _ arguments: [String]
    ) async -> Int32 {
        switch command {
        case "overview":
            let overview = await screens.loadOverview()
            ESPMScreens<Provider>.describe(customers: overview.customers, products: overview.products).forEach { print($0) }
            overview.errors.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            return overview.errors.isEmpty ? 0 : 1
        case "detail":
            guard let id = arguments.first else { return usageError() }
            let result = await withCheckedContinuation { continuation in
                screens.loadCustomerDetail(customerId: id) { continuation.resume(returning: $0) }
            }
            switch result {
            case .success(let customer):
                ESPMScreens<Provider>.describe(customer: customer).forEach { print($0) }
                return 0
            case .failure(let error):
                FileHandle.standardError.write(Data("Couldn't load sales orders for customer: \(error)\n".utf8))
                return 1
            }
        case "search":
            guard let terms = arguments.first else { return usageError() }
            do {
                let loaded = try await screens.dataService.fetchCustomers(matching: DataQuery())
                let found = try await screens.search(terms, in: loaded)
                print("Server: \(found.server.count) customer(s); in memory: \(found.local.count) customer(s)")
                for customer in found.server { print("  \(customer.firstName ?? "") \(customer.lastName ?? "")") }
                return 0
            } catch {
                FileHandle.standardError.write(Data("Search failed: \(error)\n".utf8))
                return 1
            }
        default:
            return usageError()
        }
    }

    private func usageError() -> Int32 {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return 64
    }
}
