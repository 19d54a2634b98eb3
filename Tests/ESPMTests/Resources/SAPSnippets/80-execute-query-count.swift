// Source: SAPOData QueryResult class reference, count() returns Int64, on the result of DataService.executeQuery(_:) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/QueryResult.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func countCustomers(service: ESPMContainer<OnlineODataProvider>) throws -> Int64 {
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers).count()
    let count: Int64 = try service.executeQuery(query).count()
    return count
}
