import XCTest

@testable import ODataCodeGen

/// The compiler's messages for the mistakes every user makes with a generated entity, pinned: a misspelled
/// property names the type and the lookup root (it used to fail with "failed to produce diagnostic for
/// expression"), a wrong value type names both types, and a write through a constant is rejected.
final class DiagnosticTests: XCTestCase {
    /// Type-checks `body` (statements in a function) against the generated ESPM types; the diagnostics.
    private func diagnostics(_ body: String) throws -> String {
        let result = try CodeGenerator().generate(try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml")))
        let usage = GeneratedFile(name: "Usage.swift", contents: "import OData\n\nfunc usage() {\n\(body)\n}\n")
        let output = try Compiler.typecheck(result.files + [usage], moduleName: "Diagnostics")
        let text = try XCTUnwrap(output, "expected the snippet not to compile:\n\(body)")
        XCTAssertNotContains(text, "failed to produce diagnostic")
        return text
    }

    func testAMisspelledPropertyWithADeclaredResultTypeNamesTheTypeThatLacksIt() throws {
        let text = try diagnostics("    let customer = Customer()\n    let phone: String? = customer.phoneNumbr\n    _ = phone")
        XCTAssertContains(
            text,
            "error: value of type 'Customer' has no dynamic member 'phoneNumbr' using key path from root type 'Customer.Properties'")
    }

    func testAMisspelledPropertyNamesTheTypeThatLacksIt() throws {
        let text = try diagnostics("    var customer = Customer()\n    customer.phoneNumbr = \"x\"\n    _ = customer")
        XCTAssertContains(
            text,
            "error: value of type 'Customer' has no dynamic member 'phoneNumbr' using key path from root type 'Customer.Properties'")
    }

    func testAMisspelledPropertyReadNamesTheTypeThatLacksIt() throws {
        let text = try diagnostics("    let address = Address()\n    let city: String? = address.cty\n    _ = city")
        XCTAssertContains(
            text, "error: value of type 'Address' has no dynamic member 'cty' using key path from root type 'Address.Properties'")
    }

    func testAValueOfTheWrongTypeNamesBothTypes() throws {
        let text = try diagnostics("    var customer = Customer()\n    customer.phoneNumber = 42\n    _ = customer")
        XCTAssertContains(text, "error: cannot assign value of type 'Int' to type 'String'")
    }

    func testAWrongResultTypeNamesBothTypes() throws {
        let text = try diagnostics("    let customer = Customer()\n    let number: Int? = customer.phoneNumber\n    _ = number")
        XCTAssertContains(text, "error: cannot assign value of type 'String?' to type 'Int?'")
    }

    func testAWriteThroughAConstantIsRejected() throws {
        let text = try diagnostics("    let customer = Customer()\n    customer.phoneNumber = \"x\"")
        // The compiler blames the read-only key path of the lookup root rather than the `let`; pinned so
        // that a toolchain that names the constant is noticed (README, "Diagnostics on generated entities").
        XCTAssertContains(text, "error: cannot assign through dynamic lookup property: 'phoneNumber' is a get-only property")
    }

    func testTheMisspellingFromTheIssueNoLongerCrashesTheDiagnostics() throws {
        let text = try diagnostics(
            "    var customer = Customer()\n    customer.phoneNumbr = \"x\"\n    customer.firstNam = \"y\"\n    _ = customer")
        XCTAssertContains(text, "no dynamic member 'phoneNumbr'")
        XCTAssertContains(text, "no dynamic member 'firstNam'")
    }
}
