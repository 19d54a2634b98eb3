import ODataMetadata

/// A key property given by a path and its alias (CSDL 4.01 `PropertyRef Name="Address/City" Alias="City"`).
public typealias KeyAlias = ODataMetadata.KeyAlias

/// One part of an entity key: the name it has in a key predicate and the properties its value is read through.
public struct EntityKeyPart: Sendable, Hashable {
    /// The name in a key predicate: the key property's, or the alias of a key given as a path (`City`).
    public let name: String
    /// The properties the value is read through: the key property itself, or the complex properties down to it
    /// (`Address`, then `City`).
    public let properties: [PropertyDescriptor]

    /// The part a key name (a property name or a path) names among `properties`; nil when it does not resolve to a
    /// primitive property, or when a path has no alias.
    init?(_ keyName: String, alias: String?, properties: [PropertyDescriptor], index: [String: Int]) {
        if let position = index[keyName] {
            self.name = keyName
            self.properties = [properties[position]]
            return
        }
        guard let alias, let position = index[String(keyName.prefix { $0 != "/" })] else { return nil }
        var path = [properties[position]]
        for step in keyName.split(separator: "/").dropFirst() {
            guard let next = path[path.count - 1].type.complexType?.property(named: String(step)) else { return nil }
            path.append(next)
        }
        guard path.count > 1, path[path.count - 1].type.primitiveType != nil, !path[path.count - 1].type.isCollection else {
            return nil
        }
        self.name = alias
        self.properties = path
    }

    /// The part's value in an entity: read through the complex values on its path, null where one is missing.
    func value(in entity: EntityValue) -> EdmValue {
        var value = entity[properties[0]] ?? .null
        for property in properties.dropFirst() {
            guard case .complex(let complex) = value else { return .null }
            value = complex[property] ?? .null
        }
        return value
    }
}
