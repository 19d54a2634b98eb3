import Foundation
import XCTest

@testable import ODataCodeGen

/// `sapCompatibility` generates each entity type as a final class over `OData.EntityState`
/// (`OData.ReferenceEntity`, SAP's reference semantics); without it, the struct form is unchanged (the goldens).
final class ReferenceEntityGenerationTests: XCTestCase {
    func testEntityTypesBecomeFinalClassesAndKeepTheirTypedMembers() throws {
        let espm = try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml"))
        let plain = try CodeGenerator().generate(espm)
        let sap = try CodeGenerator(configuration: GeneratorConfiguration(sapCompatibility: true)).generate(espm)
        XCTAssertEqual(sap.files.map(\.name), plain.files.map(\.name))
        let customer = try TestSupport.file(sap, "Customer.swift")
        XCTAssertContains(customer, "public final class Customer: OData.ReferenceEntity {")
        XCTAssertContains(customer, "    private let state: OData.EntityState\n")
        XCTAssertContains(customer, "        self.state = OData.EntityState(entityValue)\n")
        XCTAssertContains(
            customer,
            "    public func withEntityValue(_ body: (inout OData.EntityValue) -> Swift.Void) {\n        self.state.access(body)\n")
        XCTAssertNotContains(customer, "public var entityValue")
        XCTAssertContains(try TestSupport.file(sap, "Address.swift"), "public struct Address: OData.ComplexTypeProtocol {")
        // Everything but the storage is the struct's: descriptors, lookup root, navigation, key.
        let structLines = Set(try TestSupport.file(plain, "Customer.swift").split(separator: "\n"))
        let classOnly = customer.split(separator: "\n").filter { !structLines.contains($0) }
        XCTAssertEqual(classOnly.count, 10, classOnly.joined(separator: "\n"))
        XCTAssertEqual(try CodeGenerator(configuration: GeneratorConfiguration(sapCompatibility: true)).generate(espm), sap)
    }

    /// Every entity property of the ESPM and landmine documents is read and written through a constant
    /// (`let`) reference in Swift 6 mode without warnings.
    func testEveryPropertyIsWrittenThroughAConstant() throws {
        for (name, url) in [("ESPM", try TestSupport.corpusDocument("ESPM.xml")), ("Landmine", try TestSupport.resource("Landmine.xml"))] {
            let result = try CodeGenerator(configuration: GeneratorConfiguration(sapCompatibility: true)).generate(
                try TestSupport.parse(url))
            let usage = Self.constantAccess(for: result.files)
            XCTAssertGreaterThan(usage.contents.components(separatedBy: "func ").count, 20)
            if let problem = try Compiler.typecheck(result.files + [usage], moduleName: "Reference\(name)") {
                XCTFail("\(name): \(problem)")
            }
        }
    }

    /// `func set0(_ entity: Customer) { let value: Swift.String? = entity.firstName; entity.firstName = value }`
    /// per static descriptor of each entity class.
    private static func constantAccess(for files: [GeneratedFile]) -> GeneratedFile {
        var lines: [String] = []
        for file in files {
            var owner: String?
            for line in file.contents.split(separator: "\n") {
                if line.hasSuffix(": OData.ReferenceEntity {"), let range = line.range(of: "final class ") {
                    owner = String(line[range.upperBound...].prefix { $0 != ":" })
                } else if line.hasPrefix("public struct ") || line.hasPrefix("struct ") || line.hasPrefix("public enum ") {
                    owner = nil
                }
                guard let owner, let start = line.range(of: "static var "), line.hasSuffix("> {"),
                    let typeStart = line.range(of: ": OData.TypedProperty<", range: start.upperBound..<line.endIndex)
                else { continue }
                let property = line[start.upperBound..<typeStart.lowerBound]
                let valueType = line[typeStart.upperBound..<line.index(line.endIndex, offsetBy: -3)]
                lines.append("func set\(lines.count)(_ entity: \(owner)) {")
                lines.append("    let value: \(valueType)? = entity.\(property)")
                lines.append("    entity.\(property) = value")
                lines.append("}")
            }
        }
        return GeneratedFile(
            name: "ConstantAccess.swift", contents: "import Foundation\nimport OData\n\n" + lines.joined(separator: "\n") + "\n")
    }
}
