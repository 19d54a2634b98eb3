// Source: SAPOData DataService.downloadMedia(entity:completionHandler:) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html), in a @MainActor image loader written in SAP's tutorial style.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class ProductImageLoader {
    var dataService: ESPMContainer<OnlineODataProvider>!
    var imageData: [String: Data] = [:]

    func loadImage(for product: Product) {
        dataService.downloadMedia(entity: product) { data, error in
            if let error = error {
                print("Download of the product image failed: \(error)")
                return
            }
            self.imageData[product.productID ?? ""] = data
        }
    }
}
