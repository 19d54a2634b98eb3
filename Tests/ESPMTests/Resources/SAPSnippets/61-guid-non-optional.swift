// Source: SAPOData GuidValue reference: parse returns GuidValue; equal, toString.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func sameGuid(_ text: String, _ other: GuidValue) -> Bool {
    let parsed: GuidValue = GuidValue.parse(text)
    print(GuidValue.parse(text).toString())
    return parsed.equal(other)
}
