extension EntityKey {
    /// The key predicate as in a URL, percent-encoded: `('a')` for one component, `(A=1,B='x')` for several. Every
    /// value is written by its own type (an enum member as a string); `predicate(for:)` writes a URL's.
    public var predicate: String {
        var writer = URLTextWriter(encoded: true, capacity: 32)
        write(into: &writer)
        return writer.text
    }

    /// The key predicate of an entity of `type` in a URL: as `predicate`, with the values of enum-typed key
    /// properties written as enum literals (`(NS.Color'Red')`), as OData 3.0 and v4 services read them.
    public func predicate(for type: EntityTypeDescriptor) -> String {
        var writer = URLTextWriter(encoded: true, capacity: 32)
        write(into: &writer, type: type)
        return writer.text
    }

    func write(into writer: inout URLTextWriter, type: EntityTypeDescriptor? = nil) {
        // Only a type with an enum-typed key part looks its parts up (v2 keys write their values directly).
        let enumKeyed = type.flatMap { $0.hasEnumKeyParts ? $0 : nil }
        func value(_ component: borrowing KeyComponent) {
            if let enumType = enumKeyed?.enumType(ofKeyPart: component.name) {
                writer.enumLiteral(component.value, of: enumType)
            } else {
                writer.literal(component.value)
            }
        }
        writer.raw(UInt8(ascii: "("))
        if components.count == 1 {
            if enumKeyed == nil { writer.literal(components[0].value) } else { value(components[0]) }
        } else {
            for (i, component) in components.enumerated() {
                if i > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.literalText(component.name)
                writer.raw(UInt8(ascii: "="))
                value(component)
            }
        }
        writer.raw(UInt8(ascii: ")"))
    }
}

extension FunctionInvocation {
    /// The arguments the URL carries: all of them, or none when the body carries them (`parameterLocation`); nil
    /// values are left out of either.
    var urlArguments: ArraySlice<(name: String, value: EdmValue?)> {
        function.parameterLocation == .url ? arguments[...] : []
    }

    /// Writes an argument's value as a URL literal: an enum-typed parameter's as an enum literal.
    func writeArgument(_ name: String, _ value: EdmValue, into writer: inout URLTextWriter) {
        if let enumType = function.parameters.first(where: { $0.name == name })?.enumType {
            writer.enumLiteral(value, of: enumType)
        } else {
            writer.literal(value)
        }
    }
}
