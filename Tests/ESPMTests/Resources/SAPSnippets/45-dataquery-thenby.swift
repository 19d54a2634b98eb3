// Source: SAPOData DataQuery class reference, orderBy(_:_:) and thenBy(_:_:) with SortOrder (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func productsByCategoryThenPrice(service: ESPMContainer<OnlineODataProvider>) throws -> [Product] {
    let query = DataQuery().orderBy(Product.category).thenBy(Product.price, SortOrder.descending)
    return try service.fetchProducts(matching: query)
}
