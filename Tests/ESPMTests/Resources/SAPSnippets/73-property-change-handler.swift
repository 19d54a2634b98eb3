// Source: SAPOData Property class reference (`name`, `isOptional`, `defaultValue`) as a parameter of an app's change handler.
// Adapted only to the ESPM names and `import OData`/`import ESPM`; SAP's `Property` comes with `import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func propertyChanged(_ property: Property, in product: Product) -> String {
    "\(property.name) of \(product.productID ?? "?") changed (optional: \(property.isOptional), default: \(property.defaultValue))"
}

func changedProperties(of product: Product) -> [Property] {
    product.entityValue.changedProperties
}
