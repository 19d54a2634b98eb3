package import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Attribute values with `&` restored where libxml2, without entity substitution, passes `&#38;` on.
extension HardenedXMLParser {
    /// `withAmpersandsResolved(_:count:_:)` for the parse of `context`, searching fewer values: a value that lies in
    /// libxml2's input buffer was passed on as written, and a written `&` always starts a reference, which libxml2
    /// decodes into a buffer of its own (as it does any value with non-ASCII text or line breaks); so only values
    /// outside the input buffer can hold `&#38;`, and only those are searched.
    package static func withAmpersandsResolved(
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int, readingFrom context: xmlParserCtxtPtr,
        _ body: (UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Void
    ) {
        guard let attributes, count > 0 else { return body(attributes) }
        let input = context.pointee.input
        let low = input?.pointee.base
        let high = input?.pointee.end
        for index in 0..<count {
            guard let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4], end > start else { continue }
            if let low, let high, start >= low, end <= high { continue }
            if memchr(start, Int32(UInt8(ascii: "&")), end - start) != nil {
                return withAmpersandsResolved(attributes, count: count, body)
            }
        }
        body(attributes)
    }

    /// Runs `body` with libxml2's attribute array, or with a copy whose values have `&` where libxml2 left the
    /// text `&#38;`: without entity substitution it passes an attribute value's `&amp;` (and `&#38;`) on in that
    /// form, resolving every other reference, so a next link `…?$skiptoken=5&amp;$top=10` would read
    /// `…5&#38;$top=10`. The replacement is exact: a literal `&` cannot reach here any other way (the document
    /// had to escape it). libxml2's own array is not changed (it frees the values it allocated through it).
    package static func withAmpersandsResolved(
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int,
        _ body: (UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Void
    ) {
        guard let attributes, count > 0 else { return body(attributes) }
        var total = 0
        var hasAmpersand = false
        for index in 0..<count {
            guard let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4], end > start else { continue }
            total += end - start
            if !hasAmpersand { hasAmpersand = memchr(start, Int32(UInt8(ascii: "&")), end - start) != nil }
        }
        guard hasAmpersand else { return body(attributes) }
        let copy = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: count * 5)
        copy.initialize(from: attributes, count: count * 5)
        let storage = UnsafeMutablePointer<xmlChar>.allocate(capacity: total)
        defer {
            copy.deallocate()
            storage.deallocate()
        }
        let reference = Array("&#38;".utf8)
        var written = 0
        for index in 0..<count {
            guard let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4], end > start else { continue }
            let first = written
            var position = start
            while position < end {
                if position[0] == reference[0], end - position >= reference.count,
                    UnsafeBufferPointer(start: position, count: reference.count).elementsEqual(reference)
                {
                    storage[written] = UInt8(ascii: "&")
                    position += reference.count
                } else {
                    storage[written] = position[0]
                    position += 1
                }
                written += 1
            }
            copy[index * 5 + 3] = UnsafePointer(storage + first)
            copy[index * 5 + 4] = UnsafePointer(storage + written)
        }
        body(copy)
    }
}
