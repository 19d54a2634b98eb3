import ESPM
import Foundation
import OData
import ODataTestSupport
import XCTest

/// An entry whose declared type is neither the one read nor derived from it (a `Product` in a `Customers`
/// answer) is a typed decoding error naming both types and the entry's position, never a `Customer` with
/// every property nil: through the generated container, in JSON (`__metadata.type`) and Atom
/// (`<category term>`), with no type resolver configured (the generated descriptors' navigation graph knows
/// `ESPM.Product`).
final class UnrelatedEntryTypeTests: XCTestCase {
    private let root = "http://127.0.0.1:35945/ESPM.svc"
    private static let productJSON = """
        {"__metadata":{"uri":"http://127.0.0.1:35945/ESPM.svc/Products('HT-1000')","type":"ESPM.Product"},\
        "ProductId":"HT-1000","Name":"Notebook Basic 15","Category":"Notebooks"}
        """
    private static let customerJSON = """
        {"__metadata":{"uri":"http://127.0.0.1:35945/ESPM.svc/Customers('C000001')","type":"ESPM.Customer"},\
        "CustomerId":"C000001","LastName":"Müller"}
        """
    private static let atomNamespaces = """
        xmlns="http://www.w3.org/2005/Atom" xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" \
        xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
        """
    private static let scheme = "http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"

    private static func atomEntry(_ type: String, _ properties: String, namespaces: Bool) -> String {
        "<entry\(namespaces ? " " + atomNamespaces : "")><id>http://127.0.0.1:35945/ESPM.svc/X</id>"
            + "<category term=\"\(type)\" scheme=\"\(scheme)\"/>"
            + "<content type=\"application/xml\"><m:properties>\(properties)</m:properties></content></entry>"
    }

    private static let productAtom = "<d:ProductId>HT-1000</d:ProductId><d:Name>Notebook Basic 15</d:Name>"
    private static let customerAtom = "<d:CustomerId>C000001</d:CustomerId><d:LastName>Müller</d:LastName>"

    private func service(_ body: String, format: PayloadFormat) throws -> ESPMContainer<OnlineODataProvider> {
        let contentType = format == .json ? "application/json" : "application/atom+xml"
        let transport = MockTransport { request, _ in
            HTTPResponse.make(200, ["Content-Type": contentType], body: body, url: request.url)
        }
        let url = try XCTUnwrap(URL(string: root + "/"))
        return ESPMContainer(
            provider: OnlineODataProvider(
                serviceName: "ESPM", serviceRoot: url, options: OnlineODataProvider.Options(format: format), transport: transport))
    }

    /// The decoding error inside `error`, after checking it is an `ODataError` of kind `.decoding` naming both types.
    private func decodingError(_ error: any Error, file: StaticString = #filePath, line: UInt = #line) -> ODataDecodingError? {
        guard let error = error as? ODataError else {
            XCTFail("not an ODataError: \(error)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(error.kind, .decoding, file: file, line: line)
        XCTAssertTrue(
            error.message.contains("\"ESPM.Product\" is neither ESPM.Customer nor derived from it"), error.message, file: file, line: line)
        return error.decodingError
    }

    func testAProductInACustomersFeedIsAnErrorAtItsIndexInJSON() async throws {
        let service = try service("{\"d\":{\"results\":[\(Self.customerJSON),\(Self.productJSON)]}}", format: .json)
        do {
            let customers = try await service.fetchCustomers()
            XCTFail("decoded \(customers)")
        } catch {
            let decoding = decodingError(error)
            XCTAssertEqual(decoding?.entityIndex, 1)
            XCTAssertEqual(decoding?.format, .json)
        }
    }

    func testAProductForACustomerKeyIsAnErrorInJSON() async throws {
        let service = try service("{\"d\":\(Self.productJSON)}", format: .json)
        do {
            let customer = try await service.fetchCustomerWithKey(customerID: "C000001")
            XCTFail("decoded \(customer)")
        } catch {
            XCTAssertEqual(decodingError(error)?.offset, 87)
        }
    }

    func testAProductInACustomersFeedIsAnErrorAtItsIndexInAtom() async throws {
        let feed =
            "<feed \(Self.atomNamespaces)><id>F</id>"
            + Self.atomEntry("ESPM.Customer", Self.customerAtom, namespaces: false)
            + Self.atomEntry("ESPM.Product", Self.productAtom, namespaces: false) + "</feed>"
        let service = try service(feed, format: .atom)
        do {
            let customers = try await service.fetchCustomers()
            XCTFail("decoded \(customers)")
        } catch {
            let decoding = decodingError(error)
            XCTAssertEqual(decoding?.entityIndex, 1)
            XCTAssertEqual(decoding?.format, .atom)
        }
    }

    func testAProductForACustomerKeyIsAnErrorInAtom() async throws {
        let service = try service(Self.atomEntry("ESPM.Product", Self.productAtom, namespaces: true), format: .atom)
        do {
            let customer = try await service.fetchCustomerWithKey(customerID: "C000001")
            XCTFail("decoded \(customer)")
        } catch {
            XCTAssertNotNil(decodingError(error))
        }
    }
}
