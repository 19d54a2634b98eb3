import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// `@_spi(Generated)` covers exactly what generated code calls and users do not:
/// - generated code reaches the runtime only through `import Foundation` and `@_spi(Generated) import OData`
///   (and `CompileTests` type-checks it that way), so it calls nothing that is neither public nor
///   `@_spi(Generated)`;
/// - every `@_spi` declaration of `OData` (read from its symbol graph) is called by the code generated for
///   the corpus and the landmine document: an SPI declaration that generated code no longer calls fails here
///   (make it internal, or public if users need it).
final class GeneratedSPITests: XCTestCase {
    /// An `@_spi` declaration: its owner, base name, argument labels and whether it is `async`.
    struct SPISymbol: CustomStringConvertible {
        let owner: String
        let name: String
        let labels: [String]
        let isAsync: Bool
        var description: String { "\(owner).\(name)(\(labels.map { $0 + ":" }.joined()))\(isAsync ? " async" : "")" }
    }

    static func spiSymbols(in graph: Data) throws -> [SPISymbol] {
        guard let root = try JSONSerialization.jsonObject(with: graph) as? [String: Any],
            let symbols = root["symbols"] as? [[String: Any]]
        else { throw TestFailure("not a symbol graph") }
        return symbols.compactMap { symbol in
            guard symbol["spi"] as? Bool == true, let path = symbol["pathComponents"] as? [String], path.count == 2 else {
                return nil
            }
            let component = path[1]
            let name = String(component.prefix { $0 != "(" })
            let labels = component.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":").map(String.init)
            let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
            return SPISymbol(owner: path[0], name: name, labels: labels, isAsync: effectsAfterParameters(fragments).contains("async"))
        }
    }

    /// The declaration's text after its parameter list (where `async` and `throws` of the declaration itself
    /// are; closure parameters may say `async` too).
    static func effectsAfterParameters(_ fragments: [[String: Any]]) -> String {
        let text = fragments.compactMap { $0["spelling"] as? String }.joined()
        guard let open = text.firstIndex(of: "(") else { return "" }
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: index)...]) }
            }
            index = text.index(after: index)
        }
        return ""
    }

    /// Whether `text` has a call of `symbol`: its name (the type's, for an initializer) followed by its labels
    /// in order (an unlabeled first argument must not start with a label), `await` before an async method.
    static func calls(_ symbol: SPISymbol, in text: String) -> Bool {
        let callee =
            symbol.name == "init" ? NSRegularExpression.escapedPattern(for: symbol.owner) + #"(?:<[^()\n]*>)?"# : #"\."# + symbol.name
        let prefix = symbol.name == "init" ? #"\b"# : (symbol.isAsync ? #"await [\w.]*"# : #"(?<!await )(?<!await self)"#)
        var pattern = prefix + callee + #"\("#
        if symbol.labels.first == "_" { pattern += #"(?!\s*\w+:)"# }
        for label in symbol.labels where label != "_" {
            pattern += #"[^;]*?\b"# + label + ":"
        }
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The code generated for every corpus document (v2, v3 and v4) and the landmine document.
    static func generatedFiles() throws -> [GeneratedFile] {
        var documents = try TestSupport.corpus() + TestSupport.v4Services() + TestSupport.corpus("v3")
        documents.append(try TestSupport.resource("Landmine.xml"))
        return try documents.flatMap { try CodeGenerator().generate(try TestSupport.parse($0)).files }
    }

    func testEverySPIDeclarationIsCalledByGeneratedCode() throws {
        let symbols = try Self.spiSymbols(in: RuntimeSymbolGraph.symbolGraph())
        XCTAssertGreaterThanOrEqual(symbols.count, 10, "\(symbols)")
        let text = try Self.generatedFiles().map(\.contents).joined(separator: "\n")
        let unused = symbols.filter { !Self.calls($0, in: text) }
        XCTAssertEqual(unused.map(\.description), [], "@_spi(Generated) declarations that generated code does not call")
    }

    func testGeneratedCodeImportsOnlyFoundationAndTheGeneratedSPI() throws {
        for file in try Self.generatedFiles() {
            let imports = file.contents.split(separator: "\n").filter {
                $0.hasPrefix("import ") || $0.hasPrefix("@_spi") || $0.hasPrefix("@testable")
            }
            for line in imports {
                XCTAssertTrue(["import Foundation", "@_spi(Generated) import OData"].contains(String(line)), "\(file.name): \(line)")
            }
        }
    }

    func testTheCallCheckTellsCallsApart() {
        let async = SPISymbol(owner: "DataService", name: "invokeVoid", labels: ["_", "headers", "options"], isAsync: true)
        let sync = SPISymbol(owner: "DataService", name: "invokeVoid", labels: ["_", "headers", "options"], isAsync: false)
        XCTAssertTrue(Self.calls(async, in: "try await self.invokeVoid(q, headers: h, options: o)"))
        XCTAssertFalse(Self.calls(sync, in: "try await self.invokeVoid(q, headers: h, options: o)"))
        XCTAssertTrue(Self.calls(sync, in: "try self.invokeVoid(q, headers: h, options: o)"))
        let initializer = SPISymbol(owner: "TypedProperty", name: "init", labels: ["entity", "index"], isAsync: false)
        XCTAssertTrue(Self.calls(initializer, in: "OData.TypedProperty<Swift.Int>(entity: Self.self, index: 2)"))
        XCTAssertFalse(Self.calls(initializer, in: "OData.TypedProperty<Swift.Int>(complex: Self.self, index: 2)"))
        let key = SPISymbol(owner: "KeyComponent", name: "init", labels: ["_", "_"], isAsync: false)
        XCTAssertTrue(Self.calls(key, in: "OData.KeyComponent(Customer.id, id)"))
        XCTAssertFalse(Self.calls(key, in: "OData.KeyComponent(name: \"ID\", value: v)"))
    }
}
