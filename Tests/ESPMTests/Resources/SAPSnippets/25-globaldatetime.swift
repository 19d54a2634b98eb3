// Source: SAPOData GlobalDateTime reference: now and parse.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func instants() -> [String] {
    let now = GlobalDateTime.now()
    let parsed = GlobalDateTime.parse("2017-01-01T12:00:00Z")
    return [now.toString(), parsed?.toString() ?? ""]
}
