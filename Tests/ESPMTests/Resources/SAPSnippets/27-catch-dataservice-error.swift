// Source: SAP tutorial (error handling): catch DataServiceError and read message and the error response.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func loadOrShowError(service: ESPMContainer<OnlineODataProvider>) {
    do {
        let customers = try service.fetchCustomers()
        print(customers.count)
    } catch let error as DataServiceError {
        print("Service error \(error.status): \(error.message)")
        if let response = error.response {
            print(response.code ?? "", response.message ?? "")
        }
    } catch {
        print(error)
    }
}
