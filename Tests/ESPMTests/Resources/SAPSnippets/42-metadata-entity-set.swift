// Source: SAPOData DataService.metadata.entitySet(withName:) (dynamic API).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func dynamicSet(service: ESPMContainer<OnlineODataProvider>) throws -> EntitySetDescriptor {
    try service.metadata.entitySet(withName: "Customers")
}
