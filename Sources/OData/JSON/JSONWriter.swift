import Foundation

/// Writes JSON text into a byte buffer: structure, escaped strings and primitive values in their OData v2 forms.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Write Edm.DateTimeOffset as ISO 8601 (`2024-01-02T03:04:05+01:00`) instead of `\/Date(ms+offset)\/`.
    var isoDateTimeOffsets = false

    init() { bytes.reserveCapacity(512) }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// A key with its colon, preceded by a comma unless it is the first in its object.
    mutating func key(_ name: String, first: inout Bool) {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        string(name)
        byte(UInt8(ascii: ":"))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, U+2028/U+2029 escaped,
    /// everything else (non-BMP included) as UTF-8; `/` escaped when `escapeSlashes` (`\/Date(…)\/`).
    mutating func string(_ text: String, escapeSlashes: Bool = false) {
        byte(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        while let unit = utf8.next() {
            switch unit {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "/") where escapeSlashes: raw("\\/")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                byte(Self.hexDigits[Int(unit >> 4)])
                byte(Self.hexDigits[Int(unit & 0xF)])
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8/A9) are valid JSON but break JavaScript consumers.
                var lookahead = utf8
                if lookahead.next() == 0x80, let third = lookahead.next(), third == 0xA8 || third == 0xA9 {
                    raw(third == 0xA8 ? "\\u2028" : "\\u2029")
                    utf8 = lookahead
                } else {
                    byte(unit)
                }
            default: byte(unit)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A value: primitives in their JSON forms, complex values as objects, collections as `{"results":[…]}`.
    mutating func value(_ value: EdmValue) {
        switch value {
        case .complex(let complex):
            byte(UInt8(ascii: "{"))
            var first = true
            for property in complex.complexType.properties {
                guard let propertyValue = complex[property] else { continue }
                key(property.name, first: &first)
                self.value(propertyValue)
            }
            byte(UInt8(ascii: "}"))
        case .collection(let elements):
            raw("{\"results\":[")
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(element)
            }
            raw("]}")
        case .dateTimeOffset(let date) where isoDateTimeOffsets:
            string(date.isoString)
        default:
            guard let text = WireValueAdapter.jsonText(value) else {
                raw("null")
                return
            }
            if text.isString {
                string(text.text, escapeSlashes: text.text.hasPrefix("/Date("))
            } else {
                raw(text.text)
            }
        }
    }
}
