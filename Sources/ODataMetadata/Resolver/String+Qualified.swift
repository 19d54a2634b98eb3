extension String {
    /// `namespace.name`, the same string as `"\(namespace).\(name)"`, built by copying UTF-8 bytes: an interpolation
    /// checks each join for characters that could combine across it (about 800 instructions a qualified name).
    init(qualifying name: String, in namespace: String) {
        var (namespace, name) = (namespace, name)
        self = namespace.withUTF8 { prefix in
            name.withUTF8 { suffix in
                String(unsafeUninitializedCapacity: prefix.count + 1 + suffix.count) { buffer in
                    let dot = buffer.initialize(fromContentsOf: prefix)
                    buffer[dot] = UInt8(ascii: ".")
                    let rest = UnsafeMutableBufferPointer(rebasing: buffer[(dot + 1)...])
                    return dot + 1 + rest.initialize(fromContentsOf: suffix)
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
