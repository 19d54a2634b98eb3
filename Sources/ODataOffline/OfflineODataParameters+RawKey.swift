import Foundation
import OData

extension OfflineODataParameters {
    /// The `storeEncryptionKey` that encrypts the store with a raw 256-bit key (32 bytes, e.g. from a keychain or
    /// a key-management service) instead of a passphrase: `x'…'` with the key's 64 hex digits, SQLCipher's raw-key
    /// form. SQLCipher then uses the key as it is and skips the key derivation a passphrase costs on every open
    /// (PBKDF2-HMAC-SHA512, 256,000 iterations). Any other length is `ODataError.Kind.invalidRequest`.
    ///
    /// ```swift
    /// parameters.storeEncryptionKey = try OfflineODataParameters.rawStoreEncryptionKey(keyBytes)
    /// ```
    public static func rawStoreEncryptionKey(_ key: [UInt8]) throws(ODataError) -> String {
        guard key.count == StoreKey.rawKeyBytes else {
            throw ODataError(
                .invalidRequest, "a raw store encryption key has \(StoreKey.rawKeyBytes) bytes (256 bits), this one has \(key.count)")
        }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var text = "x'"
        for byte in key {
            text.unicodeScalars.append(UnicodeScalar(hexDigits[Int(byte >> 4)]))
            text.unicodeScalars.append(UnicodeScalar(hexDigits[Int(byte & 0x0F)]))
        }
        return text + "'"
    }
}

/// The checks a store encryption key passes before it reaches SQLCipher (which takes any bytes as a passphrase).
enum StoreKey {
    /// Bytes of a raw key (SQLCipher 4: AES-256).
    static let rawKeyBytes = 32

    /// Refuses an empty key, and a key that starts like a raw key (`x'`) but is not one: SQLCipher would take it
    /// as a passphrase, silently. A raw key is `x'` + 64 hex digits + `'` (or + 96: the key and a 16-byte salt).
    static func validate(_ key: String, what: String) throws(ODataError) {
        if key.isEmpty {
            throw ODataError(.invalidRequest, "\(what) is empty (use nil for an unencrypted store)")
        }
        let bytes = Array(key.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "x") || bytes[0] == UInt8(ascii: "X"), bytes[1] == UInt8(ascii: "'")
        else { return }
        let digits = bytes.dropFirst(2).dropLast()
        let isHex = digits.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
        guard bytes.last == UInt8(ascii: "'"), isHex, digits.count == 64 || digits.count == 96 else {
            throw ODataError(
                .invalidRequest,
                "\(what) starts like a raw key (x') but is not one: a raw key is x' followed by 64 hex digits "
                    + "(OfflineODataParameters.rawStoreEncryptionKey(_:) makes one) and '")
        }
    }
}
