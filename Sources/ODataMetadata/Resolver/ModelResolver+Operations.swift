extension ModelResolver {
    /// Resolves the parameter and return types of actions and functions and checks bound ones. The operations are
    /// moved out of their schema and edited in place (a copy of each shared its parameters, which the first edit
    /// then copied), and their context is built only for a report.
    mutating func resolveEnumsAndOperations() {
        for s in schemas.indices {
            var operations = schemas[s].operations
            schemas[s].operations = []
            for o in operations.indices {
                let (kind, namespace, name) = (operations[o].kind, operations[o].namespace, operations[o].name)
                var context: String { "\(kind.rawValue) \(namespace).\(name)" }
                // A few parameters are compared directly; a hostile document's thousands through a set, to stay linear.
                let hashesNames = operations[o].parameters.count > 16
                var names = Set<String>()
                for p in operations[o].parameters.indices {
                    let (parameterName, location) = (operations[o].parameters[p].name, operations[o].parameters[p].location)
                    let repeated =
                        hashesNames
                        ? !names.insert(parameterName).inserted
                        : operations[o].parameters[..<p].contains { $0.name == parameterName }
                    if repeated {
                        report(.error, "duplicate-name", "\(context) has more than one Parameter named \(parameterName)", at: location)
                    }
                    if case .unresolved(let written) = operations[o].parameters[p].type {
                        operations[o].parameters[p].type = resolveType(
                            written, in: { "Parameter \(parameterName) of \(context)" }, at: location)
                    }
                }
                let location = operations[o].location
                if operations[o].isBound, operations[o].parameters.isEmpty {
                    report(
                        .error, "missing-binding-parameter", "\(context) is bound but has no parameter to bind to; it is read as unbound",
                        at: location)
                    operations[o].isBound = false
                }
                if case .unresolved(let written)? = operations[o].returnType?.type {
                    operations[o].returnType?.type = resolveType(written, in: { "the ReturnType of \(context)" }, at: location)
                }
                if kind == .function, operations[o].returnType == nil {
                    report(.error, "missing-return-type", "\(context) has no ReturnType, which functions must have", at: location)
                }
            }
            schemas[s].operations = operations
        }
    }

    /// Qualifies a v4 navigation property's target and checks it is an entity type. `owner` and the message's
    /// context are built only for a report; a target written as the qualified name of a declared entity type (the
    /// usual case) is taken from the index without classifying it again, and its position is returned.
    mutating func resolveNavigationTarget(
        _ navigation: inout NavigationProperty, target written: String, owner: @autoclosure () -> String
    ) -> (schema: Int, item: Int)? {
        if let declared = typeIndex[written], declared.kind == .entity, isPlainQualifiedName(written) {
            return (declared.schema, declared.item)  // the target is already written as resolved
        }
        let name = navigation.name
        var context: String { "NavigationProperty \(owner())/\(name)" }
        switch resolveType(written, in: { context }, at: navigation.location) {
        case .entity(let qualified):
            navigation.targetType = qualified
        case .unresolved:
            navigation.targetType = nil
        case let other:
            report(
                .error, "invalid-navigation-type", "\(context) has type \(other.csdlName), which is not an entity type",
                at: navigation.location)
            navigation.targetType = nil
        }
        return nil
    }

    /// Whether `resolveType` would give `name` back unchanged as an entity type's name: no surrounding whitespace,
    /// not a collection or `Edm.` name, and no alias before its last dot. Reads the bytes in place (a string whose
    /// bytes are not contiguous is not called plain, and goes the long way).
    private func isPlainQualifiedName(_ name: String) -> Bool {
        let isPlain = name.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20, last != UInt8(ascii: ")") else {
                return false
            }
            // Not `Edm.…` (compared byte by byte: `starts(with:)` a static array cost ≈ 60 instructions a name).
            if bytes.count >= 4, bytes[0] == UInt8(ascii: "E"), bytes[1] == UInt8(ascii: "d"), bytes[2] == UInt8(ascii: "m"),
                bytes[3] == UInt8(ascii: ".")
            {
                return false
            }
            // What `qualify` does, on the bytes already at hand: an alias before the last dot is not plain, unless
            // it spells the same text as its namespace.
            guard aliasLengths != 0, let length = aliasPrefixLength(in: bytes),
                let replaced = replacingAlias(in: bytes, prefixLength: length)
            else { return true }
            return replaced == name
        }
        return isPlain == true
    }

    /// Checks the `Partner` of every v4 navigation property whose target is a declared entity type: it must be a
    /// navigation property of the target type (inherited ones included). Reads the types in place.
    mutating func checkPartners() {
        for check in partnerChecks {
            guard let partner = schemas[check.schema].entityTypes[check.type].declaredNavigationProperties[check.navigation].partner,
                !schemas[check.target.schema].entityTypes[check.target.item].navigationProperties.contains(where: { $0.name == partner })
            else { continue }
            let owner = schemas[check.schema].entityTypes[check.type].qualifiedName
            let navigation = schemas[check.schema].entityTypes[check.type].declaredNavigationProperties[check.navigation]
            report(
                .warning, "unresolved-partner",
                "NavigationProperty \(owner)/\(navigation.name) has Partner \(partner), "
                    + "which is not a navigation property of \(navigation.targetType ?? "")", at: navigation.location)
        }
    }

    /// Removes repeated key property names, with a diagnostic (a key is never listed twice).
    mutating func dropDuplicateKeys(_ key: inout [String], owner: @autoclosure () -> String, at location: SourceLocation) {
        guard key.count > 1 else { return }
        if key.count == 2, key[0] != key[1] { return }
        var seen = Set<String>()
        var kept: [String] = []
        for name in key {
            if seen.insert(name).inserted {
                kept.append(name)
            } else {
                report(.error, "duplicate-name", "\(owner()) lists key property \(name) more than once; it is kept once", at: location)
            }
        }
        key = kept
    }

    /// Checks a key given as a path through complex properties (`Address/City`).
    mutating func checkKeyPath(_ path: String, of type: EntityType, owner: String) {
        let segments = path.split(separator: "/").map(String.init)
        var properties = type.properties
        for (index, segment) in segments.enumerated() {
            guard let property = properties.first(where: { $0.name == segment }) else {
                report(
                    .error, "unresolved-key", "\(owner) has key property \(path), whose segment \(segment) is not a property",
                    at: type.location)
                return
            }
            guard index < segments.count - 1 else { return }
            guard case .complex(let name) = property.type, let complex = complexTypePath(name) else {
                report(
                    .error, "unresolved-key", "\(owner) has key property \(path), whose segment \(segment) is not complex-typed",
                    at: type.location)
                return
            }
            properties = schemas[complex.schema].complexTypes[complex.item].properties
        }
    }
}
