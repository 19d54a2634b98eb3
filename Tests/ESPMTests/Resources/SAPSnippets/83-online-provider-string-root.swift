// Source: SAPOData DataService class reference, dataServiceExample: OnlineODataProvider(serviceName:serviceRoot:) with a String root (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func makeService() -> ESPMContainer<OnlineODataProvider> {
    let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: "http://127.0.0.1:8080/espm/")
    return ESPMContainer(provider: provider)
}
