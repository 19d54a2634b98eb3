internal import CLibXML2

extension DocumentBuilder {
    /// A v4 `NavigationProperty` (no association: its own `Type`, `Nullable`, `Partner`, `ContainsTarget`).
    /// `ownerType` is the namespace and name of the type it is in; its qualified name is only built for a message.
    mutating func openNavigation(_ a: XMLAttributes, ownerType: (namespace: String, name: String)?, at: SourceLocation) {
        var owner: String { ownerType.map { "\($0.namespace).\($0.name)" } ?? "" }
        // One pass over the attributes, their values left in libxml2's buffer until used: a lookup per attribute cost
        // a pass each, and the attribute check a pass of its own even when every attribute is one CSDL allows.
        var (name, type, nullable, partner, containsTarget):
            (AttributeBytes?, AttributeBytes?, AttributeBytes?, AttributeBytes?, AttributeBytes?)
        let known = a.readPlain { local, value in
            switch local {
            case names.name: name = value
            case names.type: type = value
            case names.nullable: nullable = value
            case names.partner: partner = value
            case names.containsTarget: containsTarget = value
            default: return false
            }
            return true
        }
        guard let navigationName = name?.string else {
            _ = required(a, names.name, "Name", of: "NavigationProperty", at: at)
            return
        }
        guard let written = type else {
            _ = required(a, names.type, "Type", of: "NavigationProperty \(owner)/\(navigationName)", at: at)
            return
        }
        if known < a.count {
            checkAttributes(a, allowed.navigationProperty, of: "NavigationProperty \(owner)/\(navigationName)", at: at)
        }
        // Trimmed and unwrapped in libxml2's buffer, so that one string is made, the target's.
        let trimmed = written.trimmed
        let element = trimmed.collectionElement
        let isCollection = element != nil
        let target = (element ?? trimmed).string
        let isNullable = nullable.map { boolValue($0, "Nullable", default: true, at: at) }
        if isCollection, isNullable != nil {
            report(
                .warning, "invalid-facet",
                "NavigationProperty \(owner)/\(navigationName) is a collection and has Nullable, which CSDL does not allow; ignored",
                at: at)
        }
        let multiplicity: Multiplicity = isCollection ? .many : isNullable == false ? .one : .zeroOrOne
        // Built in an optional and swapped in: assigning the value copied it and destroyed the original.
        var created: NavigationProperty? = NavigationProperty(
            name: navigationName, relationship: "", fromRole: "", toRole: "", targetType: target, multiplicity: multiplicity,
            partner: partner?.string,
            containsTarget: containsTarget.map { boolValue($0, "ContainsTarget", default: false, at: at) } ?? false,
            annotations: foreignAttributes(a), location: at)
        swap(&navigation, &created)
        stack.append(.navigationProperty)
    }

    /// `ReferentialConstraint` and `OnDelete` of a v4 navigation property.
    mutating func openNavigationChild(_ name: XMLName, _ a: XMLAttributes, at: SourceLocation) -> Bool {
        let navigationName = navigation?.name ?? ""
        // Built only for a message.
        var context: String { "NavigationProperty \(navigationName)" }
        if name == names.referentialConstraint {
            checkAttributes(a, allowed.referentialConstraint, of: "the ReferentialConstraint of \(context)", at: at)
            guard let property = required(a, names.property, "Property", of: "ReferentialConstraint of \(context)", at: at),
                let referenced = required(
                    a, names.referencedProperty, "ReferencedProperty", of: "ReferentialConstraint of \(context)", at: at)
            else { return true }
            navigation?.referentialConstraints.appendMakingRoomForFew(
                NavigationConstraint(property: property, referencedProperty: referenced))
            leaf()
            return true
        }
        if name == names.onDelete {
            checkAttributes(a, allowed.onDelete, of: "the OnDelete of \(context)", at: at)
            guard let written = required(a, names.action, "Action", of: "OnDelete of \(context)", at: at) else { return true }
            if let action = OnDeleteAction(rawValue: written) {
                navigation?.onDelete = action
            } else {
                report(
                    .warning, "invalid-facet",
                    "the OnDelete of \(context) has Action \"\(written)\", not Cascade, None, SetNull or SetDefault; ignored", at: at)
            }
            leaf()
            return true
        }
        return false
    }

    /// `Singleton`, `ActionImport` and a v4 `FunctionImport` in a container; false for other elements.
    mutating func openContainerChild(_ name: XMLName, _ a: XMLAttributes, at: SourceLocation) -> Bool {
        let owner = container?.name ?? ""
        if name == names.singleton {
            guard let singletonName = required(a, names.name, "Name", of: "Singleton", at: at),
                let type = required(a, names.type, "Type", of: "Singleton \(owner)/\(singletonName)", at: at)
            else { return true }
            if isV4 { checkAttributes(a, allowed.singleton, of: "Singleton \(owner)/\(singletonName)", at: at) }
            singleton = Singleton(name: singletonName, type: type, annotations: foreignAttributes(a), location: at)
            stack.append(.singleton)
        } else if name == names.actionImport {
            guard let importName = required(a, names.name, "Name", of: "ActionImport", at: at),
                let action = required(a, names.action, "Action", of: "ActionImport \(owner)/\(importName)", at: at)
            else { return true }
            if isV4 { checkAttributes(a, allowed.actionImport, of: "ActionImport \(owner)/\(importName)", at: at) }
            actionImport = ActionImport(
                name: importName, action: action, entitySet: a.value(names.entitySet), annotations: foreignAttributes(a),
                location: at)
            stack.append(.actionImport)
        } else if name == names.functionImport, isV4 {
            guard let importName = required(a, names.name, "Name", of: "FunctionImport", at: at),
                let function = required(a, names.function, "Function", of: "FunctionImport \(owner)/\(importName)", at: at)
            else { return true }
            checkAttributes(a, allowed.functionImport, of: "FunctionImport \(owner)/\(importName)", at: at)
            functionImport = FunctionImport(
                name: importName, entitySet: a.value(names.entitySet), kind: .function, function: function,
                includeInServiceDocument: bool(a, names.includeInServiceDocument, "IncludeInServiceDocument", default: false, at: at),
                annotations: foreignAttributes(a), location: at)
            stack.append(.functionImport)
        } else {
            return false
        }
        return true
    }

    /// A v2/v3 `FunctionImport`, with the v3 flags (`IsSideEffecting`, `IsBindable`, `IsAlwaysBindable`, `IsComposable`).
    mutating func openFunctionImport(_ a: XMLAttributes, at: SourceLocation) {
        guard let importName = required(a, names.name, "Name", of: "FunctionImport", at: at) else { return }
        let method = metadataAttribute(names.httpMethod, in: a)?.uppercased()
        functionImport = FunctionImport(
            name: importName, returnType: a.value(names.returnType).map { .unresolved($0) },
            entitySet: a.value(names.entitySet), httpMethod: method,
            isSideEffecting: a.value(names.isSideEffecting).map { boolValue($0, "IsSideEffecting", default: true, at: at) },
            isBindable: bool(a, names.isBindable, "IsBindable", default: false, at: at),
            // WCF writes `m:IsAlwaysBindable`; CSDL 3.0 has it unprefixed.
            isAlwaysBindable: (a.value(names.isAlwaysBindable) ?? metadataAttribute(names.isAlwaysBindable, in: a)).map {
                boolValue($0, "IsAlwaysBindable", default: false, at: at)
            } ?? false,
            isComposable: bool(a, names.isComposable, "IsComposable", default: false, at: at),
            annotations: foreignAttributes(a), location: at)
        stack.append(.functionImport)
    }

    /// A `NavigationPropertyBinding` of the open entity set or singleton.
    mutating func openBinding(_ a: XMLAttributes, at: SourceLocation) {
        // One pass over the attributes (see `openNavigation`).
        var (pathBytes, targetBytes): (AttributeBytes?, AttributeBytes?)
        let known = a.readPlain { local, value in
            switch local {
            case names.path: pathBytes = value
            case names.target: targetBytes = value
            default: return false
            }
            return true
        }
        guard let path = pathBytes?.string else {
            _ = required(a, names.path, "Path", of: "NavigationPropertyBinding", at: at)
            return
        }
        guard let target = targetBytes?.string else {
            _ = required(a, names.target, "Target", of: "NavigationPropertyBinding \(path)", at: at)
            return
        }
        if known < a.count { checkAttributes(a, allowed.navigationPropertyBinding, of: "NavigationPropertyBinding \(path)", at: at) }
        let binding = NavigationPropertyBinding(path: path, target: target)
        if stack.last == .singleton {
            singleton?.navigationPropertyBindings.appendMakingRoomForFew(binding)
        } else {
            entitySet?.navigationPropertyBindings.appendMakingRoomForFew(binding)
        }
        leaf()
    }
}
