import Foundation

/// The recorded payloads of this test target (`Resources/payloads`).
let payloadDirectory: URL =
    Bundle.module.url(forResource: "Resources/payloads", withExtension: nil)
    ?? Bundle.module.bundleURL.appendingPathComponent("Resources/payloads")
