import XCTest

@testable import OData

extension ComplexValue {
    /// A value of `type` with `values` set through the checked setter (`set(_:to:)`); a value the setter
    /// refuses fails the calling test.
    static func checked(
        _ type: ComplexTypeDescriptor, _ values: KeyValuePairs<String, EdmValue>, file: StaticString = #filePath, line: UInt = #line
    ) -> ComplexValue {
        var complex = ComplexValue(type: type)
        for (name, value) in values {
            do { try complex.set(name, to: value) } catch { XCTFail("\(name): \(error)", file: file, line: line) }
        }
        return complex
    }
}
