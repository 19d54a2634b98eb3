import Foundation

extension BigDecimal {
    /// The largest scale magnitude accepted from text (`1E-400` has scale 400).
    static let maximumScaleMagnitude = 400

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]` exactly, keeping the written scale
    /// (`12.50` has scale 2, `1.5E3` has significand 15 and scale -2).
    ///
    /// Throws `ODataValueError` for malformed text, more than 38 significant digits, or an exponent
    /// that puts the scale beyond ±400.
    public init(parsing text: some StringProtocol) throws(ODataValueError) {
        self = try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> BigDecimal in
            do throws(ValueSyntaxError) {
                return try BigDecimal.parse(bytes)
            } catch {
                throw ODataValueError(type: .decimal, bytes: bytes, reason: error.reason)
            }
        }
    }

    /// Parses like `init(parsing:)`; nil when invalid.
    public init?(string: String) {
        guard let value = try? BigDecimal(parsing: string) else { return nil }
        self = value
    }

    /// Parses decimal text from UTF-8 bytes (the JSON and Atom decoders call this).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> BigDecimal {
        var scanner = ByteScanner(bytes)
        let negative = scanner.consume(UInt8(ascii: "-"))
        if !negative { _ = scanner.consume(UInt8(ascii: "+")) }
        var significand: Int128 = 0
        var scale = 0
        var integerDigits = 0
        var pendingZeros = 0  // integer-part zeros not yet multiplied in (absorbed into a negative scale on overflow)
        while let byte = scanner.peek(), isDigit(byte) {
            scanner.position += 1
            integerDigits += 1
            let digit = Int128(byte &- 48)
            if digit == 0 && significand != 0 {
                pendingZeros += 1
                continue
            }
            significand = try appendDigits(significand, zeros: pendingZeros, digit: digit, negative: negative)
            pendingZeros = 0
        }
        guard integerDigits > 0 else { throw ValueSyntaxError("expected digits") }
        if scanner.consume(UInt8(ascii: ".")) {
            var fractionDigits = 0
            while let byte = scanner.peek(), isDigit(byte) {
                scanner.position += 1
                fractionDigits += 1
                let digit = Int128(byte &- 48)
                if digit == 0 {
                    pendingZeros += 1
                } else {
                    significand = try appendDigits(significand, zeros: pendingZeros, digit: digit, negative: negative)
                    pendingZeros = 0
                }
                scale += 1
            }
            guard fractionDigits > 0 else { throw ValueSyntaxError("expected digits after '.'") }
        }
        // Trailing zeros: keep them in the significand when they fit (scale as written), else drop them.
        if pendingZeros > 0 {
            if let scaled = significand.scaledUp(by: pendingZeros) {
                significand = scaled
            } else {
                scale -= pendingZeros
            }
        }
        if scanner.consume(UInt8(ascii: "e")) || scanner.consume(UInt8(ascii: "E")) {
            let negativeExponent = scanner.consume(UInt8(ascii: "-"))
            if !negativeExponent { _ = scanner.consume(UInt8(ascii: "+")) }
            var exponent = 0
            var exponentDigits = 0
            while let byte = scanner.peek(), isDigit(byte) {
                scanner.position += 1
                exponentDigits += 1
                exponent = exponent * 10 + Int(byte &- 48)
                guard exponent <= 100_000 else { throw ValueSyntaxError("exponent out of range") }
            }
            guard exponentDigits > 0 else { throw ValueSyntaxError("expected exponent digits") }
            scale -= negativeExponent ? -exponent : exponent
        }
        guard scanner.isAtEnd else { throw ValueSyntaxError("unexpected character at offset \(scanner.position)") }
        if significand == 0 { scale = max(scale, 0) }
        // Bring an out-of-range scale back in range without changing the value where the digits allow it:
        // `9` followed by 401 zeros is (90, -400), and trailing fraction zeros can be dropped.
        while scale < -maximumScaleMagnitude, let shifted = significand.scaledUp(by: 1) {
            significand = shifted
            scale += 1
        }
        while scale > maximumScaleMagnitude, significand % 10 == 0 {
            significand /= 10
            scale -= 1
        }
        guard abs(scale) <= maximumScaleMagnitude else { throw ValueSyntaxError("exponent out of range") }
        return BigDecimal(significand: significand, scale: scale)
    }

    /// `value × 10^(zeros+1) ± digit`, throwing when it no longer fits 38 digits.
    private static func appendDigits(_ value: Int128, zeros: Int, digit: Int128, negative: Bool) throws(ValueSyntaxError) -> Int128 {
        guard let shifted = value.scaledUp(by: zeros + 1) else {
            throw ValueSyntaxError("more than 38 significant digits")
        }
        let (next, overflow) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        guard !overflow else { throw ValueSyntaxError("more than 38 significant digits") }
        return next
    }
}

extension BigDecimal: CustomStringConvertible, LosslessStringConvertible {
    /// The plain decimal text with the scale kept: `12.50`, `-0.001`, `1500` (no exponent).
    public var description: String {
        let digits = String(significand.magnitude)
        var result = significand < 0 ? "-" : ""
        if scale <= 0 {
            result += digits
            if significand != 0 { result += String(repeating: "0", count: -scale) }
        } else if digits.count > scale {
            let point = digits.index(digits.endIndex, offsetBy: -scale)
            result += digits[..<point] + "." + digits[point...]
        } else {
            result += "0." + String(repeating: "0", count: scale - digits.count) + digits
        }
        return result
    }

    /// Parses like `init(parsing:)`; nil when invalid.
    public init?(_ description: String) {
        self.init(string: description)
    }
}
