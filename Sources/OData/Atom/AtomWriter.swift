import Foundation

/// Writes Atom/XML text: escaped text and attributes, and property values in their Atom forms.
struct AtomWriter {
    private(set) var text = ""

    init() { text.reserveCapacity(1024) }

    mutating func raw(_ value: String) { text += value }

    /// Text content: `&`, `<`, `>` escaped, CR kept as `&#13;`; characters XML 1.0 cannot carry become U+FFFD.
    mutating func escaped(_ value: String, attribute: Bool = false) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"" where attribute: text += "&quot;"
            case "\r": text += "&#13;"
            case "\n" where attribute: text += "&#10;"
            case "\t" where attribute: text += "&#9;"
            case "\n", "\t": text.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    text += "\u{FFFD}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// One `d:` property element with its value (`m:null`, `m:type`, nested complex values and `d:element`s).
    mutating func property(_ name: String, type: PropertyType, value: EdmValue) {
        raw("<d:\(name)")
        switch (type, value) {
        case (_, .null):
            raw(" m:null=\"true\"/>")
            return
        case (.complex(let complexType), .complex(let complex)):
            raw(" m:type=\"")
            escaped(complexType.qualifiedName, attribute: true)
            raw("\">")
            for property in complexType.properties {
                guard let propertyValue = complex[property] else { continue }
                self.property(property.name, type: property.type, value: propertyValue)
            }
        case (.primitiveCollection(let elementType), .collection(let elements)):
            raw(" m:type=\"Collection(\(elementType.rawValue))\">")
            for element in elements { self.property("element", type: .primitive(elementType), value: element) }
        case (.complexCollection(let elementType), .collection(let elements)):
            raw(" m:type=\"Collection(")
            escaped(elementType.qualifiedName, attribute: true)
            raw(")\">")
            for element in elements { self.property("element", type: .complex(elementType), value: element) }
        default:
            if let edmType = value.edmType, edmType != .string { raw(" m:type=\"\(edmType.rawValue)\"") }
            raw(">")
            escaped(WireValueAdapter.atomText(value) ?? "")
        }
        raw("</d:\(name)>")
    }
}
