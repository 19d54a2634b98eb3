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

    /// A write through a `let` entity says that the entity is a constant (the runtime's disfavored overload with an
    /// unavailable setter), with the caret on the constant, not that the property is get-only (README, "Porting from
    /// SAPOData").
    func testAWriteThroughAConstantNamesTheConstant() throws {
        let text = try diagnostics("    let customer = Customer()\n    customer.phoneNumber = \"x\"")
        XCTAssertContains(
            text,
            "error: setter for 'subscript(dynamicMember:)' is unavailable: the entity is a 'let' constant (or a parameter): "
                + "entities are values; use 'var' (or 'inout') to change it")
        // line 5, column 5: the caret is on `customer`, the constant
        XCTAssertContains(text, "Usage.swift:5:5: error: setter for 'subscript(dynamicMember:)' is unavailable")
        XCTAssertNotContains(text, "get-only property")
    }

    func testAWriteThroughAParameterOrAnElementOfAConstantArrayNamesTheConstant() throws {
        let text = try diagnostics(
            "    func change(_ customer: Customer) { customer.city = \"x\" }\n    let all = [Customer()]\n    all[0].city = \"y\"")
        // the parameter (line 4) and the constant array's element (line 6), each at its caret
        for position in ["Usage.swift:4:41:", "Usage.swift:6:5:"] {
            XCTAssertContains(
                text, position + " error: setter for 'subscript(dynamicMember:)' is unavailable: the entity is a 'let' constant")
        }
        XCTAssertNotContains(text, "get-only property")
    }

    func testAWriteThroughAConstantComplexValueNamesTheConstant() throws {
        let text = try diagnostics("    let address = Address()\n    address.city = \"x\"")
        XCTAssertContains(text, "is unavailable: the complex value is a 'let' constant (or a parameter)")
        XCTAssertNotContains(text, "get-only property")
    }

    func testWritesThroughVariablesStillCompile() throws {
        let result = try CodeGenerator().generate(try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml")))
        let body = """
            func usage(_ given: inout Customer) -> String? {
                var customer = Customer()
                customer.city = "x"
                customer.address?.city = "y"
                given.city = customer.city
                var all = [customer]
                all[0].city = "z"
                var address = Address()
                address.city = all[0].city
                return address.city
            }
            """
        let usage = GeneratedFile(name: "Usage.swift", contents: "import OData\n\n" + body + "\n")
        XCTAssertNil(try Compiler.typecheck(result.files + [usage], moduleName: "Diagnostics"))
    }

    func testTheMisspellingFromTheIssueNoLongerCrashesTheDiagnostics() throws {
        let text = try diagnostics(
            "    var customer = Customer()\n    customer.phoneNumbr = \"x\"\n    customer.firstNam = \"y\"\n    _ = customer")
        XCTAssertContains(text, "no dynamic member 'phoneNumbr'")
        XCTAssertContains(text, "no dynamic member 'firstNam'")
    }
}
