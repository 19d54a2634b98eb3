// Source: SAP generated service (function imports, synchronous form).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func topProducts(service: ESPMContainer<OnlineODataProvider>) throws {
    let query = DataQuery().top(3)
    print(try service.fetchProducts(matching: query).count)
}
