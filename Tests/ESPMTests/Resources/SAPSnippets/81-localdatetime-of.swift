// Source: SAPOData LocalDateTime class reference, of(year:month:day:hour:minute:second:) returns LocalDateTime (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/LocalDateTime.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func newYear() -> String {
    let date = LocalDateTime.of(year: 2017, month: 1, day: 1, hour: 12, minute: 0, second: 0)
    return date.toString()
}
