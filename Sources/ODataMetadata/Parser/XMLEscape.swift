/// XML escaping of text as the parser writes canonical XML: `&`, `<`, `>`, and `"` in attribute values.
enum XMLEscape {
    /// Appends `bytes` to `xml` escaped, copying the runs between escaped characters in one piece each.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to xml: inout [UInt8], attribute: Bool) {
        var run = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\"") where attribute: entity = "&quot;"
            default: continue
            }
            xml.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            entity.withUTF8Buffer { xml.append(contentsOf: $0) }
            run = index + 1
        }
        xml.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }
}
