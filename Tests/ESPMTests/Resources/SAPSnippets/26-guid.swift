// Source: SAPOData GuidValue reference: random, parse, equal, toString.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func guids() -> Bool {
    let first = GuidValue.random()
    let second = GuidValue.parse(first.toString())
    return second.map { first.equal($0) } ?? false
}
