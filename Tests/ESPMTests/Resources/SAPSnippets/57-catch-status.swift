// Source: written in SAP's style (error handling, cf. SAPOData DataServiceError, https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataServiceError.html): the HTTP status of a missing entity.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func customerIfExists(service: ESPMContainer<OnlineODataProvider>, id: String) throws -> Customer? {
    do {
        return try service.fetchCustomerWithKey(customerID: id)
    } catch let error as DataServiceError where error.status == 404 {
        return nil
    }
}
