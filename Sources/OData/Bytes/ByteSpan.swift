import Foundation

/// A borrowed run of bytes inside a payload or a scratch buffer, valid only while its owner is.
struct ByteSpan {
    /// The first byte.
    let start: UnsafePointer<UInt8>
    /// The number of bytes.
    let count: Int

    /// The byte at `index` (caller checks the bounds).
    @inline(__always)
    subscript(index: Int) -> UInt8 { start[index] }

    /// Whether the bytes equal `other`.
    @inline(__always)
    func equals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == count else { return false }
        guard let otherBase = other.baseAddress else { return count == 0 }
        return memcmp(start, otherBase, count) == 0
    }

    /// Whether the bytes equal the ASCII of `literal`.
    func equals(_ literal: StaticString) -> Bool {
        guard literal.utf8CodeUnitCount == count else { return false }
        return memcmp(start, literal.utf8Start, count) == 0
    }

    /// Whether `other` starts with these bytes.
    @inline(__always)
    func isPrefix(of other: ByteSpan) -> Bool {
        count <= other.count && memcmp(start, other.start, count) == 0
    }

    /// Whether the bytes end with the ASCII of `literal`.
    func hasSuffix(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard length <= count else { return false }
        return memcmp(start + (count - length), literal.utf8Start, length) == 0
    }

    /// Whether the bytes are exactly `prefix`, then `separator`, then `suffix`.
    @inline(__always)
    func equals(_ prefix: ByteSpan, then separator: UInt8, then suffix: ByteSpan) -> Bool {
        count == prefix.count + 1 + suffix.count && start[prefix.count] == separator
            && memcmp(start, prefix.start, prefix.count) == 0
            && memcmp(start + prefix.count + 1, suffix.start, suffix.count) == 0
    }

    /// The bytes as a buffer.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// The bytes decoded as UTF-8 (invalid sequences become U+FFFD).
    var string: String { String(decoding: buffer, as: UTF8.self) }
}

/// Bytes to compare with a payload eight at a time (a name and its closing quote, at least eight readable bytes after
/// them), with the mask of the bytes that count in the last word, computed once.
struct QuotedName {
    /// The bytes.
    let bytes: ByteSpan
    /// The offset of the last (partial or whole) word.
    let lastWordOffset: Int
    /// Which bytes of the last word, read little-endian, belong to `bytes`.
    let lastWordMask: UInt64

    /// `bytes` (not empty), which must be followed by at least eight readable bytes.
    init(_ bytes: ByteSpan) {
        self.bytes = bytes
        lastWordOffset = (bytes.count - 1) / 8 * 8
        let left = bytes.count - lastWordOffset
        lastWordMask = left == 8 ? ~0 : (1 &<< UInt64(left * 8)) &- 1
    }
}

/// A growable byte buffer reused while decoding (unescaped strings, element text).
final class ByteScratch {
    @exclusivity(unchecked) private(set) var pointer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// The number of bytes in use.
    @exclusivity(unchecked) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        self.pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { pointer.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newPointer.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        pointer[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        guard length > 0 else { return }
        reserve(length)
        (pointer + count).update(from: bytes, count: length)
        count += length
    }

    /// Appends a Unicode scalar as UTF-8.
    func append(scalar value: UInt32) {
        if value < 0x80 {
            append(UInt8(value))
        } else if value < 0x800 {
            append(UInt8(0xC0 | (value >> 6)))
            append(UInt8(0x80 | (value & 0x3F)))
        } else if value < 0x10000 {
            append(UInt8(0xE0 | (value >> 12)))
            append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            append(UInt8(0x80 | (value & 0x3F)))
        } else {
            append(UInt8(0xF0 | (value >> 18)))
            append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// The bytes in use.
    var span: ByteSpan { ByteSpan(start: UnsafePointer(pointer), count: count) }
}
