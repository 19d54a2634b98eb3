/// Percent-encoding for OData v2 URLs.
///
/// Two character sets: literal text (string contents, key values, custom option values) keeps only
/// unreserved characters and `'()*!:@,$` raw, so `&`, `#`, `+`, `%`, `/`, `?`, `=`, `;`, space and
/// non-ASCII (as UTF-8) are percent-encoded with uppercase hex; structural text (property paths,
/// operators) keeps `/` raw as well. Spaces are always `%20`, never `+`; `$` is never encoded. The one
/// percent-encoder of the runtime: `Slug` header values (`encodeSlug`) go through it too.
public enum URLEncoding {
    /// Encodes literal text: everything but unreserved characters and `'()*!:@,$`.
    public static func encodeLiteral(_ text: String) -> String {
        encode(text, keepSlash: false)
    }

    /// Encodes structural text (paths such as `Address/City`): like `encodeLiteral` but keeps `/`.
    public static func encodePath(_ text: String) -> String {
        encode(text, keepSlash: true)
    }

    /// Encodes a `Slug` header value (RFC 5023): `%` and everything outside printable ASCII, as UTF-8.
    static func encodeSlug(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte >= 0x20, byte <= 0x7E, byte != UInt8(ascii: "%") {
                bytes.append(byte)
            } else {
                appendEscaped(byte, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func encode(_ text: String, keepSlash: Bool) -> String {
        var needsWork = false
        for byte in text.utf8 where !isKept(byte, keepSlash: keepSlash) {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        append(text, to: &bytes, keepSlash: keepSlash)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the encoded form of `text` to a byte buffer.
    static func append(_ text: String, to bytes: inout [UInt8], keepSlash: Bool) {
        for byte in text.utf8 {
            if isKept(byte, keepSlash: keepSlash) {
                bytes.append(byte)
            } else {
                appendEscaped(byte, to: &bytes)
            }
        }
    }

    /// Appends `%XX` for one byte.
    @inline(__always) static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always) static func isKept(_ byte: UInt8, keepSlash: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: ","),
            UInt8(ascii: "$"):
            return true
        case UInt8(ascii: "/"):
            return keepSlash
        default:
            return false
        }
    }
}
