// Source: SAPOData ByteStream class reference, fromBinary(data:) and its mediaType, as given to DataService.uploadMedia(entity:content:) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/ByteStream.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func uploadPicture(_ png: Data, of product: Product, service: ESPMContainer<OnlineODataProvider>) throws {
    let content = ByteStream.fromBinary(data: png)
    content.mediaType = "image/png"
    try service.uploadMedia(entity: product, content: content)
}
