import Foundation
import OData

let testRoot = URL(string: "http://127.0.0.1:9/svc/")!

func loadPayload(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: "Resources/payloads/" + name, withExtension: nil) else {
        throw ODataError(.invalidRequest, "missing test resource \(name)")
    }
    return try Data(contentsOf: url)
}
