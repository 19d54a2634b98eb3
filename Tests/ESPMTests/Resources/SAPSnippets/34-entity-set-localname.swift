// Source: SAPOData EntitySet.localName reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func setNames() -> [String] {
    [ESPMContainerMetadata.EntitySets.customers.localName, Customer.entityType.localName]
}
