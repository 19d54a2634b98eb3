import Foundation
import ODataMetadata

@testable import OData

/// Loads a service model through the dynamic API (`DataModel` from `$metadata`) for the recorded-payload tests.
enum RecordedModels {
    /// The model of a corpus document (`Tests/Corpus/metadata`); a broken file stops the test run with its error.
    static func load(_ file: String) -> DataModel {
        do {
            guard let url = try? Payloads.metadataURL(file + ".xml") else {
                fatalError("Tests/Corpus/metadata/\(file).xml is missing")
            }
            return try DataModel(metadata: MetadataParser.parse(contentsOf: url))
        } catch {
            fatalError("cannot build the model of \(file).xml: \(error)")
        }
    }

    /// A type the test expects to exist in the model.
    static func entityType(_ model: DataModel, _ name: String) -> EntityTypeDescriptor {
        guard let type = model.entityType(named: name) else { fatalError("no entity type \(name)") }
        return type
    }

    /// A complex type the test expects to exist in the model.
    static func complexType(_ model: DataModel, _ name: String) -> ComplexTypeDescriptor {
        guard let type = model.complexType(named: name) else { fatalError("no complex type \(name)") }
        return type
    }
}

/// Olingo's RefScenario, from `Olingo_RefScenario.xml` through the dynamic API.
enum RefScenarioModel {
    static let model: DataModel = RecordedModels.load("Olingo_RefScenario")
    static let city: ComplexTypeDescriptor = RecordedModels.complexType(model, "RefScenario.c_City")
    static let location: ComplexTypeDescriptor = RecordedModels.complexType(model, "RefScenario.c_Location")
    static let employee: EntityTypeDescriptor = RecordedModels.entityType(model, "RefScenario.Employee")
    static let manager: EntityTypeDescriptor = RecordedModels.entityType(model, "RefScenario.Manager")
    static let team: EntityTypeDescriptor = RecordedModels.entityType(model, "RefScenario.Team")
    static let room: EntityTypeDescriptor = RecordedModels.entityType(model, "RefScenario.Room")
    static let building: EntityTypeDescriptor = RecordedModels.entityType(model, "RefScenario.Building")

    /// Resolves qualified names through the model (derived types such as `RefScenario.Manager`).
    static let resolver: @Sendable (String) -> EntityTypeDescriptor? = { name in model.entityType(named: name) }
}

/// Northwind, from `Northwind.xml` through the dynamic API.
enum NorthwindModel {
    static let model: DataModel = RecordedModels.load("Northwind")
    static let category: EntityTypeDescriptor = RecordedModels.entityType(model, "NorthwindModel.Category")
    static let product: EntityTypeDescriptor = RecordedModels.entityType(model, "NorthwindModel.Product")
    static let customer: EntityTypeDescriptor = RecordedModels.entityType(model, "NorthwindModel.Customer")
}
