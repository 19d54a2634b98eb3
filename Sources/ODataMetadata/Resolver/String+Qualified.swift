extension String {
    /// `namespace.name`, the same string as `"\(namespace).\(name)"`, built by copying UTF-8 bytes: an interpolation
    /// checks each join for characters that could combine across it (about 800 instructions a qualified name).
    init(qualifying name: String, in namespace: String) {
        self.init(qualifying: name, in: namespace, terminator: nil)
    }

    /// `namespace.name` followed by `terminator` (an ASCII separator such as `/`) where there is one:
    /// `"\(namespace).\(name)/"`, built as `init(qualifying:in:)` builds its string.
    @inline(__always)
    init(qualifying name: String, in namespace: String, terminator: UInt8?) {
        var (namespace, name) = (namespace, name)
        let extra = terminator == nil ? 0 : 1
        self = namespace.withUTF8 { prefix in
            name.withUTF8 { suffix in
                String(unsafeUninitializedCapacity: prefix.count + 1 + suffix.count + extra) { buffer in
                    let dot = buffer.initialize(fromContentsOf: prefix)
                    buffer[dot] = UInt8(ascii: ".")
                    let end = dot + 1 + UnsafeMutableBufferPointer(rebasing: buffer[(dot + 1)...]).initialize(fromContentsOf: suffix)
                    guard let terminator else { return end }
                    buffer[end] = terminator
                    return end + 1
                }
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `other`, of the same length, holds the same bytes (compared in a plain loop: `elementsEqual` cost ≈ 370
    /// instructions for a short name).
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in indices where self[index] != other[index] { return false }
        return true
    }
}
