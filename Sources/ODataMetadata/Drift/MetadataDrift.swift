/// One difference between the model a client was generated from and the served model that can break the client.
public struct MetadataDriftIssue: Sendable, Hashable, CustomStringConvertible {
    /// What changed.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A generated entity set is not served.
        case missingEntitySet = "missing entity set"
        /// A set's entity type is another one.
        case entitySetTypeChanged = "entity set type changed"
        /// A generated entity or complex type is not served.
        case missingType = "missing type"
        /// The key properties changed.
        case keyChanged = "key changed"
        /// A generated property is not served.
        case missingProperty = "missing property"
        /// A property's type changed.
        case propertyTypeChanged = "property type changed"
        /// A nullable property became non-nullable.
        case propertyBecameRequired = "property became required"
        /// A new non-nullable property (creates without it fail).
        case newRequiredProperty = "new required property"
        /// A generated navigation property is not served.
        case missingNavigation = "missing navigation property"
        /// A navigation property leads to another type.
        case navigationTargetChanged = "navigation target changed"
        /// A generated function import is not served.
        case missingFunctionImport = "missing function import"
        /// A function import's HTTP method or return type changed.
        case functionImportChanged = "function import changed"
        /// A function import's parameters changed (removed, retyped, new required, became required).
        case parametersChanged = "function import parameters changed"
    }

    /// What changed.
    public var kind: Kind
    /// The EDM element (`ESPM.Customer/PhoneNumber`, `ESPMContainer/Customers`).
    public var element: String
    /// The generated Swift declaration it affects (`Customer.phoneNumber`), empty when unknown.
    public var swiftName: String
    /// Details (`Edm.String -> Edm.Int32`).
    public var detail: String

    /// Creates an issue.
    public init(kind: Kind, element: String, swiftName: String, detail: String = "") {
        self.kind = kind
        self.element = element
        self.swiftName = swiftName
        self.detail = detail
    }

    /// `missing property Customer.phoneNumber (ESPM.Customer/PhoneNumber)` with the detail when there is one.
    public var description: String {
        let swift = swiftName.isEmpty ? "" : "\(swiftName) "
        return "\(kind.rawValue): \(swift)(\(element))\(detail.isEmpty ? "" : ": \(detail)")"
    }
}

/// Compares a generated client's model with the served one and reports, in terms of the generated API,
/// only what can break the client: missing sets, types, properties, keys, navigation properties and
/// function imports, changed types, new or newly required properties and parameters. Added sets, types,
/// optional properties, optional parameters and annotations are not reported.
public enum MetadataDrift {
    /// The issues, in the generated model's order.
    public static func compare(generated: ModelSummary, served: ModelSummary) -> [MetadataDriftIssue] {
        var issues: [MetadataDriftIssue] = []
        let container = generated.container
        let servedSets = Dictionary(served.entitySets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for set in generated.entitySets {
            guard let other = servedSets[set.name] else {
                issues.append(MetadataDriftIssue(kind: .missingEntitySet, element: "\(container)/\(set.name)", swiftName: set.swiftName))
                continue
            }
            if other.entityType != set.entityType {
                issues.append(
                    MetadataDriftIssue(
                        kind: .entitySetTypeChanged, element: "\(container)/\(set.name)", swiftName: set.swiftName,
                        detail: "\(set.entityType) -> \(other.entityType)"))
            }
        }
        let servedTypes = Dictionary(served.types.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for type in generated.types {
            guard let other = servedTypes[type.qualifiedName] else {
                issues.append(MetadataDriftIssue(kind: .missingType, element: type.qualifiedName, swiftName: type.swiftName))
                continue
            }
            issues += compare(type, other)
        }
        let servedFunctions = Dictionary(served.functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for function in generated.functions {
            let element = "\(container)/\(function.name)"
            guard let other = servedFunctions[function.name] else {
                issues.append(MetadataDriftIssue(kind: .missingFunctionImport, element: element, swiftName: function.swiftName))
                continue
            }
            if other.httpMethod != function.httpMethod || other.returnType != function.returnType {
                issues.append(
                    MetadataDriftIssue(
                        kind: .functionImportChanged, element: element, swiftName: function.swiftName,
                        detail: "\(function.httpMethod) \(function.returnType) -> \(other.httpMethod) \(other.returnType)"))
            }
            var changes: [String] = []
            for parameter in function.parameters {
                guard let served = other.parameters.first(where: { $0.name == parameter.name }) else {
                    changes.append("\(parameter.name) removed")
                    continue
                }
                if served.type != parameter.type { changes.append("\(parameter.name): \(parameter.type) -> \(served.type)") }
                if parameter.isNullable && !served.isNullable { changes.append("\(parameter.name) became required") }
            }
            for served in other.parameters where !served.isNullable && !function.parameters.contains(where: { $0.name == served.name }) {
                changes.append("new required \(served.name) (\(served.type))")
            }
            if !changes.isEmpty {
                issues.append(
                    MetadataDriftIssue(
                        kind: .parametersChanged, element: element, swiftName: function.swiftName, detail: changes.joined(separator: "; ")))
            }
        }
        return issues
    }

    private static func compare(_ type: ModelSummary.StructuredType, _ other: ModelSummary.StructuredType) -> [MetadataDriftIssue] {
        var issues: [MetadataDriftIssue] = []
        let owner = type.swiftName
        func swift(_ member: String) -> String { owner.isEmpty || member.isEmpty ? member : "\(owner).\(member)" }
        if !type.isComplex && type.key != other.key {
            issues.append(
                MetadataDriftIssue(
                    kind: .keyChanged, element: type.qualifiedName, swiftName: owner,
                    detail: "\(type.key.joined(separator: ",")) -> \(other.key.joined(separator: ","))"))
        }
        let served = Dictionary(other.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for property in type.properties {
            let element = "\(type.qualifiedName)/\(property.name)"
            guard let match = served[property.name] else {
                issues.append(MetadataDriftIssue(kind: .missingProperty, element: element, swiftName: swift(property.swiftName)))
                continue
            }
            if match.type != property.type {
                issues.append(
                    MetadataDriftIssue(
                        kind: .propertyTypeChanged, element: element, swiftName: swift(property.swiftName),
                        detail: "\(property.type) -> \(match.type)"))
            }
            if property.isNullable && !match.isNullable {
                issues.append(MetadataDriftIssue(kind: .propertyBecameRequired, element: element, swiftName: swift(property.swiftName)))
            }
        }
        let known = Set(type.properties.map(\.name))
        for property in other.properties where !property.isNullable && !known.contains(property.name) && !other.key.contains(property.name)
        {
            issues.append(
                MetadataDriftIssue(
                    kind: .newRequiredProperty, element: "\(type.qualifiedName)/\(property.name)", swiftName: owner, detail: property.type))
        }
        for navigation in type.navigations {
            let element = "\(type.qualifiedName)/\(navigation.name)"
            guard let match = other.navigations.first(where: { $0.name == navigation.name }) else {
                issues.append(MetadataDriftIssue(kind: .missingNavigation, element: element, swiftName: swift(navigation.swiftName)))
                continue
            }
            if match.target != navigation.target {
                issues.append(
                    MetadataDriftIssue(
                        kind: .navigationTargetChanged, element: element, swiftName: swift(navigation.swiftName),
                        detail: "\(navigation.target) -> \(match.target)"))
            }
        }
        return issues
    }
}
