// Source: SAPOData LocalDateTime reference: of(...) returns LocalDateTime; utc(from:) returns Date?.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func birthdays(customer: Customer) -> [Date] {
    let reference = LocalDateTime.of(year: 2000, month: 1, day: 1).utc()!
    var dates = [reference]
    if let birth = customer.dateOfBirth, let date = birth.utc() {
        dates.append(date)
    }
    if let local = customer.dateOfBirth?.utc(from: TimeZone.current) {
        dates.append(local)
    }
    return dates
}
