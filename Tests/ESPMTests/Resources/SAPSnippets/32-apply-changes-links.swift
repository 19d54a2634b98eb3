// Source: SAPOData ChangeSet reference: createLink/deleteLink and DataService.applyChanges.
// Adapted to the ESPM names and `import OData`/`import ESPM`; ChangeSet link calls `throw` (`try`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func relink(service: ESPMContainer<OnlineODataProvider>, order: SalesOrderHeader, item: SalesOrderItem) throws {
    let changes = ChangeSet()
    try changes.createLink(from: order, property: SalesOrderHeader.items, to: item)
    try changes.deleteLink(from: order, property: SalesOrderHeader.items, to: item)
    try service.applyChanges(changes)
}
