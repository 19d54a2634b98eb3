// Source: SAPOData DataService.downloadMedia / uploadMedia reference, ByteStream.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func media(service: ESPMContainer<OnlineODataProvider>, product: Product, png: Data) throws -> Data {
    try service.uploadMedia(entity: product, content: ByteStream.fromBinary(data: png, mediaType: "image/png"))
    return try service.downloadMedia(entity: product)
}
