import Foundation

/// The V2 form some servers (pyslet among them) give one primitive or complex value:
/// `{"d":{"results":{"Name":value}}}`, read with the one `JSONScanner` (no second JSON parser).
enum JSONResultsWrapper {
    /// `{"d":{"Name":value}}` for `{"d":{"results":{"Name":value}}}` (the inner object's bytes kept exactly as
    /// sent); nil for any other document, malformed ones included.
    static func unwrapped(_ body: Data) -> Data? {
        body.withUnsafeBytes { raw -> Data? in
            guard raw.count > 0, let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var scanner = JSONScanner(bytes: raw, base: base)
            if raw.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
            guard let inner = try? innerRange(&scanner) else { return nil }
            return Data("{\"d\":".utf8) + Data(raw[inner]) + Data("}".utf8)
        }
    }

    /// The byte range of the one-member object under `d.results`, when the document is exactly that shape.
    private static func innerRange(_ scanner: inout JSONScanner) throws -> Range<Int>? {
        guard try onlyMember(named: "d", of: &scanner), try onlyMember(named: "results", of: &scanner) else { return nil }
        scanner.skipWhitespace()
        let start = scanner.position
        try scanner.beginObject()
        var first = true
        guard try scanner.nextKey(&first) != nil else { return nil }
        try scanner.skipValue()
        guard try scanner.nextKey(&first) == nil else { return nil }
        let end = scanner.position
        // Close `results`' object and `d`'s object: neither may have another member.
        var later = false
        guard try scanner.nextKey(&later) == nil, try scanner.nextKey(&later) == nil else { return nil }
        try scanner.expectEnd()
        return start..<end
    }

    /// Enters an object whose first member is `name`, leaving the scanner at that member's value.
    private static func onlyMember(named name: String, of scanner: inout JSONScanner) throws -> Bool {
        try scanner.beginObject()
        var first = true
        guard let key = try scanner.nextKey(&first) else { return false }
        return key.string == name
    }
}
