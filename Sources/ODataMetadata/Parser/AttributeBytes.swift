internal import CLibXML2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An attribute value as the bytes in libxml2's buffer, so that facets, booleans and primitive type
/// names are read without making a `String` (one is made only for names, other types and errors).
struct AttributeBytes {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The value between two pointers of a SAX2 attribute entry.
    init(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) {
        if let start, let end, end > start {
            bytes = UnsafeBufferPointer(start: start, count: end - start)
        } else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// The value as a string (invalid UTF-8 repaired, as `XMLAttributes.text` does).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the value is empty (or the attribute absent).
    var isEmpty: Bool { bytes.isEmpty }

    /// The value without leading and trailing XML white space (space, tab, line feed, carriage return), as
    /// `String.trimmingWhitespace` trims it.
    var trimmed: AttributeBytes {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isXMLSpace { start += 1 }
        while end > start, bytes[end - 1].isXMLSpace { end -= 1 }
        return AttributeBytes(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// The type inside `Collection(…)` when the value is exactly that, else nil.
    var collectionElement: AttributeBytes? {
        let prefix: StaticString = "Collection("
        let prefixCount = prefix.utf8CodeUnitCount
        guard bytes.count > prefixCount, let base = bytes.baseAddress, bytes[bytes.count - 1] == UInt8(ascii: ")"),
            memcmp(base, prefix.utf8Start, prefixCount) == 0
        else { return nil }
        return AttributeBytes(UnsafeBufferPointer(rebasing: bytes[prefixCount..<(bytes.count - 1)]))
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether the value is exactly `literal`.
    func equals(_ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        guard let base = bytes.baseAddress else { return true }
        return memcmp(base, literal.utf8Start, bytes.count) == 0
    }

    /// The value when it is 1 to 18 ASCII digits (so it cannot overflow), else nil: any other
    /// spelling takes the `String` path, which decides exactly as before.
    var plainDigits: Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// The primitive type this value names exactly (`Edm.String`), else nil. Only the names of its length whose
    /// fifth byte (the first after `Edm.`) is its own are compared: one or two of the thirty-odd.
    var primitiveType: TypeReference? {
        guard bytes.count >= 8, bytes.count < AttributeBytes.primitivesByLength.count, let base = bytes.baseAddress else {
            return nil
        }
        for (name, type) in AttributeBytes.primitivesByLength[bytes.count] where name[4] == base[4] {
            if name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, bytes.count) }) == 0 { return type }
        }
        return nil
    }

    /// The UTF-8 names of the primitive types with their references, by the names' length.
    static let primitivesByLength: [[(name: [UInt8], type: TypeReference)]] = {
        let all = EDMPrimitiveType.allCases.map { (name: Array($0.rawValue.utf8), type: TypeReference.primitive($0)) }
        var byLength = Array(repeating: [(name: [UInt8], type: TypeReference)](), count: (all.map(\.name.count).max() ?? 0) + 1)
        for entry in all { byLength[entry.name.count].append(entry) }
        return byLength
    }()
}
