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
