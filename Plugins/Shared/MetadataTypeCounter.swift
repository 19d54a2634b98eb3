import Foundation

/// Counts the entity and complex types of a metadata document by scanning for their element starts, without
/// parsing: the build plugin must name its output files before the generator runs, and one type per file
/// keeps the compiler's jobs small and balanced. (Shared with the tests through a symbolic link.)
///
/// The count only sizes the output: an inexact one is still correct (too low puts several types in one
/// file, too high leaves files with no type).
enum MetadataTypeCounter {
    /// The number of `<EntityType` and `<ComplexType` element starts, with or without a namespace prefix
    /// (`<edm:EntityType`); `<EntityTypeMapping` and the like do not count.
    static func typeCount(in document: String) -> Int {
        var count = 0
        let bytes = Array(document.utf8)
        let names = [Array("EntityType".utf8), Array("ComplexType".utf8)]
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            var start = index + 1
            // Skip an optional `prefix:` (letters, digits, `_`, `-`, `.`).
            var probe = start
            while probe < bytes.count, isNameByte(bytes[probe]) { probe += 1 }
            if probe < bytes.count, bytes[probe] == UInt8(ascii: ":"), probe > start { start = probe + 1 }
            for name in names where matches(bytes, at: start, name) {
                let end = start + name.count
                if end == bytes.count || !isNameByte(bytes[end]) { count += 1 }
            }
            index += 1
        }
        return count
    }

    /// The count for a document on disk; nil when it cannot be read.
    static func typeCount(at url: URL) -> Int? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return typeCount(in: String(decoding: data, as: UTF8.self))
    }

    private static func matches(_ bytes: [UInt8], at start: Int, _ name: [UInt8]) -> Bool {
        guard start + name.count <= bytes.count else { return false }
        for offset in 0..<name.count where bytes[start + offset] != name[offset] { return false }
        return true
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
