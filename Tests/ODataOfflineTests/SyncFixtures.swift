import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// JSON payloads of a scripted ESPM service at `http://service.test/espm/`.
enum ScriptedESPM {
    static let root = URL(string: "http://service.test/espm/")!

    static func customer(_ id: String, city: String = "London", first: String = "Alan", etag: Int = 1, orders: [String]? = nil) -> String {
        var text = """
            {"__metadata":{"uri":"\(root.absoluteString)Customers('\(id)')","type":"ESPM.Customer","etag":"W/\\"\(etag)\\""},\
            "CustomerId":"\(id)","FirstName":"\(first)","LastName":"Turing","City":"\(city)","Country":"UK",\
            "DateOfBirth":"\\/Date(0)\\/"
            """
        if let orders { text += ",\"SalesOrders\":{\"results\":[\(orders.map { order($0, customer: id) }.joined(separator: ","))]}" }
        return text + "}"
    }

    static func order(_ id: String, customer: String, amount: String = "10.5") -> String {
        """
        {"__metadata":{"uri":"\(root.absoluteString)SalesOrderHeaders('\(id)')","type":"ESPM.SalesOrderHeader"},\
        "SalesOrderId":"\(id)","CustomerId":"\(customer)","NetAmount":"\(amount)","CurrencyCode":"EUR",\
        "LifeCycleStatus":"N","LifeCycleStatusName":"New"}
        """
    }

    static func feed(_ entries: [String], next: String? = nil, delta: String? = nil, deleted: [String] = []) -> String {
        let tombstones = deleted.map {
            "{\"@odata.context\":\"$metadata#Customers/$deletedEntity\",\"id\":\"\(root.absoluteString)\($0)\"}"
        }
        var text = "{\"d\":{\"results\":[\((entries + tombstones).joined(separator: ","))]"
        if let next { text += ",\"__next\":\"\(root.absoluteString)\(next)\"" }
        if let delta { text += ",\"__delta\":\"\(root.absoluteString)\(delta)\"" }
        return text + "}}"
    }

    /// The path and query of a request relative to the service root, percent-decoded.
    static func relative(_ request: HTTPRequest) -> String {
        let text = request.url.absoluteString.removingPercentEncoding ?? request.url.absoluteString
        return text.hasPrefix(root.absoluteString) ? String(text.dropFirst(root.absoluteString.count)) : text
    }

    /// The JSON object of a request body.
    static func body(_ request: HTTPRequest) -> [String: Any] {
        guard case .data(let data) = request.body, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return [:]
        }
        return object
    }

    /// An offline provider over a scripted transport, opened, with a store in a fresh folder (of the scripted ESPM
    /// service unless `serviceRoot` names another).
    static func provider(
        _ transport: ScriptedTransport, queries: [OfflineODataDefiningQuery], folder: URL? = nil, usesBatch: Bool? = false,
        repeatable: RepeatableRequests = .off, serviceRoot: URL = root
    ) async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "espm"
        parameters.storePath = try folder ?? OfflineFixtures.temporaryFolder()
        parameters.usesBatch = usesBatch
        var options = OnlineODataProvider.Options()
        options.handlesCSRF = false
        options.retryPolicy = RetryPolicy(maxAttempts: 1)
        options.repeatableRequests = repeatable
        let provider = OfflineODataProvider(serviceRoot: serviceRoot, parameters: parameters, options: options, transport: transport)
        for query in queries { try provider.add(definingQuery: query) }
        try await provider.open()
        return provider
    }
}
