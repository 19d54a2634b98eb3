/// ASCII helpers for the byte-level readers of headers, media types and links.
extension UInt8 {
    /// This byte with an ASCII upper-case letter made lower case; any other byte unchanged.
    @inlinable package var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }

    /// Whether this byte is a space or a horizontal tab (HTTP's optional white space).
    @inlinable package var isSpaceOrTab: Bool { self == 0x20 || self == 0x09 }
}

extension BidirectionalCollection where Element == UInt8 {
    /// These bytes without the leading and trailing ones `isTrimmed` accepts.
    @inlinable package func trimmed(where isTrimmed: (UInt8) -> Bool) -> SubSequence {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
