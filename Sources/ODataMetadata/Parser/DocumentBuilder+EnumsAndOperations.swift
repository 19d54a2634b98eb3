internal import CLibXML2

extension DocumentBuilder {
    /// Opens `EnumType`, `TypeDefinition`, `Action`, `Function` or `Term` inside a schema; false when `name`
    /// is none of them.
    mutating func openSchemaElement(_ name: XMLName, attributes a: XMLAttributes, at: SourceLocation) -> Bool {
        let namespace = schema?.namespace ?? ""
        if name == names.enumType {
            guard let typeName = required(a, names.name, "Name", of: "EnumType", at: at) else { return true }
            if isV4 { checkAttributes(a, allowed.enumType, of: "EnumType \(typeName)", at: at) }
            var underlying = EDMPrimitiveType.int32
            if let written = a.value(names.underlyingType) {
                if let primitive = EDMPrimitiveType(qualifiedName: written), EnumType.allowedUnderlyingTypes.contains(primitive) {
                    underlying = primitive
                } else {
                    report(
                        .error, "invalid-underlying-type",
                        "EnumType \(typeName) has UnderlyingType \(written), not Edm.Byte, Edm.SByte, Edm.Int16, Edm.Int32 or "
                            + "Edm.Int64; Edm.Int32 is used", at: at)
                }
            }
            enumType = EnumType(
                name: typeName, namespace: namespace, underlyingType: underlying,
                isFlags: bool(a, names.isFlags, "IsFlags", default: false, at: at), annotations: foreignAttributes(a), location: at)
            stack.append(.enumType)
        } else if name == names.typeDefinition {
            openTypeDefinition(a, namespace: namespace, at: at)
        } else if name == names.action || name == names.function {
            let isAction = name == names.action
            let element = isAction ? "Action" : "Function"
            guard let operationName = required(a, names.name, "Name", of: element, at: at) else { return true }
            if isV4 { checkAttributes(a, isAction ? allowed.action : allowed.function, of: "\(element) \(operationName)", at: at) }
            operation = Operation(
                name: operationName, namespace: namespace, kind: isAction ? .action : .function,
                isBound: bool(a, names.isBound, "IsBound", default: false, at: at),
                isComposable: isAction ? false : bool(a, names.isComposable, "IsComposable", default: false, at: at),
                entitySetPath: a.value(names.entitySetPath), annotations: foreignAttributes(a), location: at)
            operation?.parameters.reserveCapacity(4)
            stack.append(.operation)
        } else if name == names.term {
            report(
                .note, "term-skipped",
                "Term \(a.value(names.name) ?? "") defines a vocabulary term, which is not part of the service model; skipped", at: at)
            skip()
        } else {
            return false
        }
        return true
    }

    private mutating func openTypeDefinition(_ a: XMLAttributes, namespace: String, at: SourceLocation) {
        guard let typeName = required(a, names.name, "Name", of: "TypeDefinition", at: at),
            let written = required(a, names.underlyingType, "UnderlyingType", of: "TypeDefinition \(typeName)", at: at)
        else { return }
        if isV4 { checkAttributes(a, allowed.typeDefinition, of: "TypeDefinition \(typeName)", at: at) }
        guard let underlying = EDMPrimitiveType(qualifiedName: written) else {
            let ownNames = [typeName, "\(namespace).\(typeName)"] + (schema?.alias.map { ["\($0).\(typeName)"] } ?? [])
            if ownNames.contains(written) {
                report(
                    .error, "cyclic-type-definition",
                    "TypeDefinition \(namespace).\(typeName) has itself as UnderlyingType; it is left out", at: at)
            } else if EDMPrimitiveType.isSpatial(written) {
                report(
                    .error, "unsupported-type",
                    "TypeDefinition \(namespace).\(typeName) has the spatial UnderlyingType \(written), which is not supported; "
                        + "it is left out", at: at)
            } else {
                report(
                    .error, "invalid-underlying-type",
                    "TypeDefinition \(namespace).\(typeName) has UnderlyingType \(written), which is not a primitive type (a type "
                        + "definition cannot build on another, so chains and cycles of them are refused); it is left out", at: at)
            }
            skip()
            return
        }
        var read = FacetValues()
        _ = facets(a, into: &read, at: at, checked: nil)
        typeDefinition = TypeDefinition(
            name: typeName, namespace: namespace, underlyingType: underlying, maxLength: read.maxLength,
            precision: read.precision, scale: read.scale, variableScale: read.variableScale, isUnicode: read.isUnicode,
            srid: read.srid?.string, annotations: foreignAttributes(a), location: at)
        stack.append(.typeDefinition)
    }

    /// A `Member` of the open enum type: its value checked against the underlying type, or the implicit one.
    mutating func openMember(_ a: XMLAttributes, at: SourceLocation) {
        guard let type = enumType, let memberName = required(a, names.name, "Name", of: "Member", at: at) else { return }
        if isV4 { checkAttributes(a, allowed.member, of: "Member \(memberName) of EnumType \(type.name)", at: at) }
        let previous = type.members.last?.value
        var value = previous.map { $0 &+ 1 } ?? 0
        var explicit = false
        if let written = a.value(names.value) {
            guard let parsed = Int64(written.trimmingWhitespace()), Self.fits(parsed, type.underlyingType) else {
                report(
                    .error, "invalid-enum-value",
                    "Member \(memberName) of EnumType \(type.qualifiedName) has Value \"\(written)\", which is not an integer "
                        + "of its underlying type \(type.underlyingType.rawValue); the member is left out", at: at)
                skip()
                return
            }
            value = parsed
            explicit = true
            if parsed < 0, type.isFlags, isV4 {
                report(
                    .warning, "invalid-enum-value",
                    "Member \(memberName) of flags EnumType \(type.qualifiedName) has Value \(parsed), and flags members' "
                        + "values must be non-negative; it is kept as written", at: at)
            }
        } else if previous == Int64.max || !Self.fits(value, type.underlyingType) {
            report(
                .error, "invalid-enum-value",
                "Member \(memberName) of EnumType \(type.qualifiedName) has no Value, and the one after the previous member's "
                    + "is outside \(type.underlyingType.rawValue); the member is left out", at: at)
            skip()
            return
        } else if type.isFlags, isV4 {
            report(
                .error, "invalid-enum-value",
                "Member \(memberName) of flags EnumType \(type.qualifiedName) has no Value, which flags members must have; "
                    + "\(value) is used", at: at)
        }
        if type.members.contains(where: { $0.name == memberName }) {
            report(
                .error, "duplicate-name",
                "EnumType \(type.qualifiedName) has more than one Member named \(memberName); the first is used", at: at)
            skip()
            return
        }
        let member = EnumMember(
            name: memberName, value: value, hasExplicitValue: explicit, annotations: foreignAttributes(a), location: at)
        enumType?.members.append(member)
        stack.append(.member)
    }

    /// Whether `value` is in the range of an enum's underlying type.
    static func fits(_ value: Int64, _ type: EDMPrimitiveType) -> Bool {
        switch type {
        case .byte: return (0...255).contains(value)
        case .sByte: return (-128...127).contains(value)
        case .int16: return (Int64(Int16.min)...Int64(Int16.max)).contains(value)
        case .int32: return (Int64(Int32.min)...Int64(Int32.max)).contains(value)
        default: return true
        }
    }

    /// The `ReturnType` of the open action or function.
    mutating func openReturnType(_ a: XMLAttributes, at: SourceLocation) {
        var read = FacetValues()
        let type = facets(a, into: &read, at: at, checked: isV4 ? allowed.returnType : nil, element: "ReturnType")
        guard let type else {
            let owner = operation?.name ?? ""
            _ = required(a, names.type, "Type", of: "ReturnType of \(owner)", at: at)
            return
        }
        operation?.returnType = ReturnType(
            type: type, isNullable: read.isNullable, maxLength: read.maxLength, precision: read.precision, scale: read.scale,
            variableScale: read.variableScale)
        stack.append(.returnType)
    }

    /// Reports, in a v4 document, attributes without a namespace that CSDL 4.01 does not define for the element
    /// (`unknown-attribute`), OData v2/v3 attributes (`v2-attribute-in-v4`) and `m:` attributes.
    mutating func checkAttributes(
        _ a: XMLAttributes, _ known: [XMLName?], of element: @autoclosure () -> String, at: SourceLocation
    ) {
        guard let base = a.base else { return }
        for index in 0..<a.count {
            let entry = base + index * 5
            guard let local = entry[0] else { continue }
            if let uri = entry[2] {
                if namespace(uri) == .metadata {
                    report(
                        .warning, "v2-attribute-in-v4",
                        "\(element()) has the OData v2 attribute m:\(string(local)), which OData v4 does not define; it is ignored", at: at)
                }
                continue
            }
            if known.contains(where: { $0 == local }) { continue }
            if allowed.v2Only.contains(where: { $0 == local }) {
                report(
                    .warning, "v2-attribute-in-v4",
                    "\(element()) has the OData v2 attribute \(string(local)), which OData v4 does not define; it is ignored", at: at)
            } else {
                report(
                    .warning, "unknown-attribute",
                    "\(element()) has the attribute \(string(local)), which CSDL 4.01 does not define for it; it is ignored", at: at)
            }
        }
    }
}
