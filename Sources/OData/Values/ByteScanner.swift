/// A cursor over UTF-8 bytes for the value parsers: no allocation, no traps.
struct ByteScanner {
    /// The bytes scanned.
    let bytes: UnsafeRawBufferPointer
    /// The next byte's offset.
    var position: Int

    /// Starts at the first byte.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.position = 0
    }

    /// Whether every byte was consumed.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, nil at the end.
    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes an ASCII word (compared case-insensitively) if it is next.
    mutating func consumeWord(_ word: StaticString, caseInsensitive: Bool = true) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let start = word.utf8Start
        for i in 0..<count {
            var a = bytes[position + i]
            var b = start[i]
            if caseInsensitive {
                a = asciiLower(a)
                b = asciiLower(b)
            }
            if a != b { return false }
        }
        position += count
        return true
    }

    /// Exactly `count` decimal digits as a number, or nil (position unchanged).
    mutating func fixedDigits(_ count: Int) -> Int? {
        guard bytes.count - position >= count else { return nil }
        var value = 0
        for i in 0..<count {
            let byte = bytes[position + i]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 48)
        }
        position += count
        return value
    }

    /// One to `maxCount` (≤ 18) decimal digits as a number, or nil when none is next.
    mutating func digits(maxCount: Int) -> (value: Int64, count: Int)? {
        var value: Int64 = 0
        var count = 0
        while position < bytes.count, isDigit(bytes[position]) {
            guard count < maxCount else { return nil }
            value = value * 10 + Int64(bytes[position] &- 48)
            count += 1
            position += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// A fraction of a second after the decimal point: 1 or more digits, as 100-ns ticks (digits past 7 dropped).
    mutating func fractionTicks() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while position < bytes.count, isDigit(bytes[position]) {
            if count < 7 { value = value * 10 + Int64(bytes[position] &- 48) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in min(count, 7)..<7 { value *= 10 }
        return value
    }
}

/// Whether `byte` is an ASCII digit.
@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

/// ASCII lowercase of a byte.
@inline(__always) func asciiLower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

/// The value of a hexadecimal digit, nil otherwise.
@inline(__always) func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: return byte - 48
    case 65...70: return byte - 55
    case 97...102: return byte - 87
    default: return nil
    }
}
