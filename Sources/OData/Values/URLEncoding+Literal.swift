extension URLEncoding {
    /// A literal as it appears in a URL: `EdmLiteral.format` then `encodeLiteral`.
    public static func literal(_ value: EdmValue) -> String {
        encodeLiteral(EdmLiteral.format(value))
    }
}
