// Source: SAPOData DataService.metadata.entitySet(withName:) (dynamic API).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func dynamicSet(service: ESPMContainer<OnlineODataProvider>) throws -> EntitySetDescriptor {
    try service.metadata.entitySet(withName: "Customers")
}
