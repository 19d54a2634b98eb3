// Source: SAP Assistant generated OnboardingFlowController: serviceOptions / networkOptions.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func configure(provider: OnlineODataProvider) {
    provider.serviceOptions.checkVersion = false
    provider.networkOptions.tunneledMethods = ["MERGE"]
}
