/// A minimal reader for the small, flat XML error documents of OData
/// (`<m:error><m:code>…</m:code><m:message xml:lang="en">…</m:message></m:error>`).
/// It finds the first element by local name and unescapes its text; it is not a general XML parser.
enum XMLText {
    /// The unescaped text of the first element with this local name (any prefix), if any.
    static func element(_ localName: String, in text: String) -> String? {
        guard let (tag, qualifiedName) = openTag(localName, in: text) else { return nil }
        if text[tag].hasSuffix("/>") { return "" }
        let afterOpen = text[tag.upperBound...]
        guard let close = afterOpen.range(of: "</\(qualifiedName)>") else { return nil }
        return unescape(String(afterOpen[..<close.lowerBound]))
    }

    /// The value of an attribute on the first element with this local name, if any.
    static func attribute(_ name: String, ofElement localName: String, in text: String) -> String? {
        guard let (range, _) = openTag(localName, in: text) else { return nil }
        let tag = text[range]
        guard let start = tag.range(of: " \(name)=") else { return nil }
        let rest = tag[start.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst()
        guard let end = value.firstIndex(of: quote) else { return nil }
        return unescape(String(value[..<end]))
    }

    private static func openTag(_ localName: String, in text: String) -> (Range<String.Index>, qualifiedName: String)? {
        var search = text.startIndex
        while let lt = text[search...].firstIndex(of: "<") {
            let nameStart = text.index(after: lt)
            let nameEnd = text[nameStart...].firstIndex { $0 == " " || $0 == ">" || $0 == "/" || $0 == "\n" || $0 == "\t" || $0 == "\r" } ?? text.endIndex
            let qualified = String(text[nameStart..<nameEnd])
            let local = qualified.split(separator: ":").last.map(String.init) ?? qualified
            guard let gt = text[nameEnd...].firstIndex(of: ">") else { return nil }
            if local == localName && !qualified.hasPrefix("/") {
                return (lt..<text.index(after: gt), qualified)
            }
            search = text.index(after: gt)
        }
        return nil
    }

    /// Replaces the five predefined entities and numeric character references.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                if let scalar = numericReference(entity) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }

    private static func numericReference(_ entity: Substring) -> Unicode.Scalar? {
        guard entity.first == "#" else { return nil }
        let digits = entity.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init)
    }
}
