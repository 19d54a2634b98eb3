// Source: SAPOData Property reference: name, isOptional, defaultValue.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func describe() -> [String] {
    Product.entityType.properties.map { property in
        "\(property.name) optional=\(property.isOptional) default=\(property.defaultValue)"
    }
}
