// Source: SAPOData DataService.loadEntity reference.
// Adapted to the ESPM names and `import OData`/`import ESPM`; a struct entity is passed `inout` (`loadEntity(&product)`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func refresh(service: ESPMContainer<OnlineODataProvider>, product: inout Product) throws {
    try service.loadEntity(&product, query: DataQuery().expand(Product.stockDetails))
}
