extension UInt8 {
    /// Whether the byte is XML white space: space, tab, line feed or carriage return.
    var isXMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (by UTF-8 bytes).
    func trimmingWhitespace() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !$0.isXMLSpace }), let last = bytes.lastIndex(where: { !$0.isXMLSpace }) else {
            return ""
        }
        if first == bytes.startIndex, bytes.index(after: last) == bytes.endIndex { return self }
        return String(self[first...last])
    }
}

extension String {
    /// The string without leading and trailing Unicode white space and line breaks (`trimmingWhitespace` trims
    /// only XML's four): the scalars with the `White_Space` property, the set Foundation's
    /// `.whitespacesAndNewlines` trims (the module imports only FoundationEssentials; see `ErrorText`).
    func trimmingUnicodeWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
