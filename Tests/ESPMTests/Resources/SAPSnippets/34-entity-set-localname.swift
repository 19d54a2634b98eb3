// Source: SAPOData EntitySet.localName reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func setNames() -> [String] {
    [ESPMContainerMetadata.EntitySets.customers.localName, Customer.entityType.localName]
}
