// Source: SAPOData LocalDateTime reference: now, of, parse.
// Adapted to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`); a struct entity is passed `inout`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func stampOrder(_ order: inout SalesOrderHeader) {
    order.createdAt = LocalDateTime.now()
    order.lifeCycleStatus = "N"
    let birthday = LocalDateTime.of(year: 1815, month: 12, day: 10)
    let parsed = LocalDateTime.parse("2017-01-01T12:00:00")
    print(birthday as Any, parsed as Any)
}
