import ESPM
import Foundation
import OData
import ODataOffline

/// A store named "secret" with one customer, opened with or without a key: the set-up the encrypted-store tests
/// share (`EncryptedStoreTests`, `SQLCipher4Tests`).
protocol SecretStoreTesting {}

extension SecretStoreTesting {
    /// The passphrase the tests encrypt with.
    var key: String { "correct horse battery staple" }
    /// The one customer's city, looked for in the file's bytes.
    var city: String { "Zanzibarcity" }

    func parameters(_ folder: URL, key: String?) -> OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.storeName = "secret"
        parameters.storePath = folder
        parameters.storeEncryptionKey = key
        return parameters
    }

    /// Makes a store with one customer living in `city`, and closes it.
    func makeStore(_ folder: URL, key: String?) async throws {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder, key: key))
        try await provider.open()
        let customer = OfflineFixtures.customer("C1", first: "Ada", last: "Lovelace", city: city)
        _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        try await provider.close()
    }

    /// The cities of the store's customers, opened with `key`.
    func cities(_ folder: URL, key: String?) async throws -> [String?] {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder, key: key))
        try await provider.open()
        // closed before returning (not in a later task), so that the next open or re-key finds the file unlocked
        do {
            let cities = try await ESPMContainer(provider: provider).fetchCustomers().map(\.city)
            try await provider.close()
            return cities
        } catch {
            try? await provider.close()
            throw error
        }
    }
}
