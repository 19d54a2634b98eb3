// Source: SAPOData GuidValue reference: random, parse, equal, toString.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func guids() -> Bool {
    let first = GuidValue.random()
    let second = GuidValue.parse(first.toString())
    return second.map { first.equal($0) } ?? false
}
