/// Accumulates URL text as UTF-8 bytes, percent-encoding as it goes (or writing plain text when `encoded`
/// is false, for readable `$filter` strings). One buffer per URL keeps rendering free of temporary strings.
struct URLTextWriter {
    /// The bytes written so far.
    var bytes: [UInt8] = []
    /// Whether literal and path text is percent-encoded.
    let encoded: Bool

    init(encoded: Bool, capacity: Int = 128) {
        self.encoded = encoded
        bytes.reserveCapacity(capacity)
    }

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends ASCII text that never needs encoding (`$filter=`, `(`, operator names).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends one ASCII byte that never needs encoding.
    mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    /// Appends a space (`%20` when encoding).
    mutating func space() {
        if encoded { raw("%20") } else { bytes.append(32) }
    }

    /// Appends literal text (`/` encoded).
    mutating func literalText(_ text: String) { append(text, keepSlash: false) }

    /// Appends path text (`/` kept).
    mutating func pathText(_ text: String) { append(text, keepSlash: true) }

    private mutating func append(_ text: String, keepSlash: Bool) {
        if encoded {
            URLEncoding.append(text, to: &bytes, keepSlash: keepSlash)
        } else {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Appends a value's URL literal: strings quoted with quotes doubled, everything encoded as literal text.
    mutating func literal(_ value: EdmValue) {
        switch value {
        case .string(let text):
            bytes.append(UInt8(ascii: "'"))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "'") {
                    bytes.append(byte)
                    bytes.append(byte)
                } else if !encoded || URLEncoding.isKept(byte, keepSlash: false) {
                    bytes.append(byte)
                } else {
                    URLEncoding.appendEscaped(byte, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "'"))
        case .int32(let number): integer(Int64(number))
        case .int16(let number): integer(Int64(number))
        case .byte(let number): integer(Int64(number))
        case .sByte(let number): integer(Int64(number))
        case .boolean(let flag): if flag { raw("true") } else { raw("false") }
        case .null: raw("null")
        default: literalText(EdmLiteral.format(value))
        }
    }

    /// Appends a value of an enum type as an enum literal ([MS-ODATA] 2.2.2, OData v4 URL conventions): the member
    /// name (or a flags value's names, `Read,Write`) quoted after the qualified type name, `NS.Color'Red'`. Null
    /// stays `null`; a value that is not a member name (a number) is written as it is.
    mutating func enumLiteral(_ value: EdmValue, of enumType: EnumTypeDescriptor) {
        guard case .string = value else { return literal(value) }
        pathText(enumType.qualifiedName)
        literal(value)
    }

    /// Appends a decimal integer.
    mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(magnitude % 10) + 48
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }
}
