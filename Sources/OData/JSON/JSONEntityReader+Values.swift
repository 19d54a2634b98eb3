import Foundation

extension JSONEntityReader {
    /// The value of a structural property of the given descriptor.
    @inline(__always)
    mutating func readPropertyValue(_ property: PropertyDescriptor) throws -> EdmValue {
        try readValue(property.type)
    }

    /// A value of a property type: primitive, complex, or a collection.
    mutating func readValue(_ type: PropertyType) throws -> EdmValue {
        switch type {
        case .primitive(let edmType): return try readPrimitive(edmType)
        case .complex(let complexType): return try readComplex(complexType)
        case .primitiveCollection, .complexCollection: return try readCollection(type)
        }
    }

    /// A primitive of `type` from a JSON string, number, boolean or null.
    mutating func readPrimitive(_ type: EdmType) throws -> EdmValue {
        let byte = try scanner.peek()
        let start = scanner.position
        switch byte {
        case UInt8(ascii: "\""):
            if type == .string { return .string(try scanner.readStringAtQuote().string) }
            if let value = readQuotedFastPath(type) { return value }
            return try convert(try scanner.readStringAtQuote(), as: type, at: start)
        case UInt8(ascii: "n"):
            try scanner.literal("null")
            return .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            let flag = try scanner.readBool()
            if type == .boolean { return .boolean(flag) }
            throw scanner.error("expected a \(type.rawValue) value, found a boolean", at: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            throw scanner.error("expected a \(type.rawValue) value, found \(scanner.found)", at: start)
        default:
            if let (value, scale) = scanner.readFixedPointNumber() {
                if let converted = WireFastPaths.value(fixedPoint: value, scale: scale, as: type) { return converted }
                scanner.position = start
            }
            let span = try scanner.readNumber()
            switch type {
            case .string, .dateTime, .dateTimeOffset, .time, .guid, .binary, .boolean:
                try scanner.expectValueEnd()
                throw scanner.error("expected a \(type.rawValue) value, found a number", at: start)
            default: return try convert(span, as: type, at: start)
            }
        }
    }

    /// A string token's value read in one pass for the canonical shapes of numbers and `/Date(…)/` (see
    /// `JSONScanner+FastPaths`); nil, consuming nothing, where the general path must read it.
    @inline(__always)
    private mutating func readQuotedFastPath(_ type: EdmType) -> EdmValue? {
        let start = scanner.position
        switch type {
        case .dateTime:
            guard let (milliseconds, offset) = scanner.readQuotedJSONDate() else { return nil }
            if offset == nil, let value = LocalDateTime(millisecondsSince1970: milliseconds) { return .dateTime(value) }
        case .dateTimeOffset:
            guard let (milliseconds, offset) = scanner.readQuotedJSONDate() else { return nil }
            if let value = GlobalDateTime(millisecondsSince1970: milliseconds, offsetMinutes: offset ?? 0) {
                return .dateTimeOffset(value)
            }
        case .guid:
            return scanner.readQuotedGuid().map(EdmValue.guid)
        case .decimal, .int64, .int32, .int16, .byte, .sByte, .double:
            guard let (value, scale) = scanner.readQuotedFixedPoint() else { return nil }
            if let converted = WireFastPaths.value(fixedPoint: value, scale: scale, as: type) { return converted }
        default: return nil
        }
        scanner.position = start
        return nil
    }

    /// Converts a token's text, reporting a failure at the token's offset. (Mutating only so that a call does not
    /// copy the reader.)
    @inline(__always)
    private mutating func convert(_ span: ByteSpan, as type: EdmType, at start: Int) throws -> EdmValue {
        do {
            return try WireValueAdapter.fromJSONString(span, as: type)
        } catch {
            throw scanner.error(error.message, at: start)
        }
    }

    /// A complex value (`{"__metadata":{…},"Street":…}`) or null.
    mutating func readComplex(_ type: ComplexTypeDescriptor) throws -> EdmValue {
        if try scanner.consumeNull() { return .null }
        let table = tables.table(for: type)
        var value = ComplexValue(type: type)
        try scanner.beginObject()
        var hint = 0
        var first = true
        var seen = SeenEntries()
        while let key = try scanner.nextKey(&first) {
            if let entry = table.lookup(key, hint: hint), entry < table.propertyCount {
                hint = entry + 1
                guard seen.insert(entry) else {
                    throw scanner.error(
                        "property \"\(table.name(entry).string)\" appears twice in one \(type.qualifiedName) value",
                        at: scanner.offset(of: key))
                }
                let property = table.properties[entry]
                value.store(try readValue(property.type), at: entry)
            } else {
                try scanner.skipValue()
            }
        }
        return .complex(value)
    }

    /// A collection: `[…]` or `{"__metadata":…,"results":[…]}`; null gives `.null`.
    mutating func readCollection(_ type: PropertyType) throws -> EdmValue {
        if try scanner.consumeNull() { return .null }
        if try scanner.peek() == UInt8(ascii: "[") { return .collection(try readElements(type)) }
        guard try scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("expected a collection (array or object with \"results\"), found \(scanner.found)")
        }
        try scanner.beginObject()
        var elements: [EdmValue]?
        var first = true
        while let key = try scanner.nextKey(&first) {
            if key.equals("results") { elements = try readElements(type) } else { try scanner.skipValue() }
        }
        guard let elements else { throw scanner.error("expected a \"results\" array in a collection") }
        return .collection(elements)
    }

    private mutating func readElements(_ type: PropertyType) throws -> [EdmValue] {
        try scanner.beginArray()
        var elements: [EdmValue] = []
        var first = true
        while try scanner.nextElement(&first) {
            switch type {
            case .primitive(let edmType), .primitiveCollection(let edmType): elements.append(try readPrimitive(edmType))
            case .complex(let complexType), .complexCollection(let complexType):
                elements.append(try readComplex(complexType))
            }
        }
        return elements
    }
}
