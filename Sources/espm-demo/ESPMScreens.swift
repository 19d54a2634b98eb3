import Dispatch
import ESPM
import Foundation
import OData

/// The data code of the seed apps (overview, customer detail, search), with the UIKit parts replaced by
/// printing. The calls are the ones the seeds make against SAP's generated ESPM proxies.
struct ESPMScreens<Provider: DataServiceProvider>: Sendable {
    let dataService: ESPMContainer<Provider>

    // MARK: Overview (seed 001): customers with their sales orders, sorted by count; the top 5 products

    /// Loads customers (with sales orders) and the top 5 products in parallel, with completion handlers.
    /// The dispatch group is the seeds'; waiting for it suspends instead of blocking a thread of the
    /// cooperative pool, which the fetches themselves need.
    func loadOverview() async -> (customers: [Customer], products: [Product], errors: [String]) {
        let group = DispatchGroup()
        let state = OverviewState()
        group.enter()
        // Define a Data Query which also loads the available Sales Orders of each Customer.
        let query = DataQuery().expand(Customer.salesOrders)
        dataService.fetchCustomers(matching: query) { result, error in
            defer { group.leave() }
            if let error = error {
                state.fail("Couldn't load customers: \(error)")
                return
            }
            state.setCustomers(result!.sorted(by: { $0.salesOrders.count > $1.salesOrders.count }))
        }
        group.enter()
        // Define a Data Query only fetching the top 5 products.
        let productQuery = DataQuery().top(5)
        dataService.fetchProducts(matching: productQuery) { result, error in
            defer { group.leave() }
            if let error = error {
                state.fail("Couldn't load products: \(error)")
                return
            }
            state.setProducts(result!)
        }
        return await withCheckedContinuation { continuation in
            group.notify(queue: .global()) { continuation.resume(returning: state.snapshot) }
        }
    }

    /// The overview as text lines.
    static func describe(customers: [Customer], products: [Product]) -> [String] {
        var lines = ["Customers (by number of sales orders):"]
        for customer in customers {
            lines.append(
                "  \(customer.firstName ?? "") \(customer.lastName ?? "") — \(customer.city ?? ""), \(customer.country ?? "")"
                    + " — # Sales Orders : \(customer.salesOrders.count)")
        }
        lines.append("Top products:")
        for product in products {
            var line = "  \(product.name ?? "") (\(product.categoryName ?? ""))"
            if let price = product.price {
                line += " \(price.intValue()) \(product.currencyCode ?? "")"
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: Detail (seed 000): a customer by key with its sales orders

    /// Loads one customer with expanded sales orders through the completion-handler form.
    func loadCustomerDetail(customerId: String, completionHandler: @escaping @Sendable (Result<Customer, any Error>) -> Void) {
        // Expand the OData call to also retrieve the Customer's Sales Orders.
        let query = DataQuery().expand(Customer.salesOrders)
        dataService.fetchCustomerWithKey(customerID: customerId, query: query) { result, error in
            if let error = error {
                completionHandler(.failure(error))
                return
            }
            completionHandler(.success(result!))
        }
    }

    /// The detail screen as text lines: birthday, address, and the net amounts of the sales orders.
    static func describe(customer: Customer) -> [String] {
        var lines: [String] = []
        let salesOrderHeaders = customer.salesOrders
        let seriesData = [
            salesOrderHeaders.map { header -> Double in
                guard let net = header.netAmount?.doubleValue() else { return 0.0 }
                return net
            }
        ]
        if let dateOfBirth = customer.dateOfBirth?.utc() {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            lines.append("Birthday: \(formatter.string(from: dateOfBirth))")
        }
        lines.append("\(customer.street ?? ""), \(customer.city ?? ""), \(customer.postalCode ?? ""), \(customer.country ?? "")")
        if salesOrderHeaders.isEmpty {
            lines.append("No Sales Orders available for this customer.")
        } else {
            lines.append(
                "Net Amount (\(salesOrderHeaders.first?.currencyCode ?? "")) for Sales Orders: "
                    + seriesData[0].map { String(Int($0)) }.joined(separator: ", "))
        }
        return lines
    }

    // MARK: Search (seed 002): first or last name contains the terms, on the server and in memory

    /// Searches customers on the server, then evaluates the same query in memory on `loaded`.
    func search(_ terms: String, in loaded: [Customer]) async throws -> (server: [Customer], local: [Customer]) {
        let searchQuery = DataQuery()
            .filter(
                Customer.firstName.contains(terms)
                    .or(Customer.lastName.contains(terms)))
        let server = try await dataService.fetchCustomers(matching: searchQuery)
        // filter using DataQuery, in memory, with the same semantics
        let local = try loaded.filterWithQuery(searchQuery)
        return (server, local)
    }
}

/// Results gathered by concurrent completion handlers.
final class OverviewState: @unchecked Sendable {
    private let lock = NSLock()
    private var customers: [Customer] = []
    private var products: [Product] = []
    private var errors: [String] = []

    func setCustomers(_ value: [Customer]) { lock.withLock { customers = value } }
    func setProducts(_ value: [Product]) { lock.withLock { products = value } }
    func fail(_ message: String) { lock.withLock { errors.append(message) } }

    var snapshot: (customers: [Customer], products: [Product], errors: [String]) {
        lock.withLock { (customers, products, errors) }
    }
}
