import Foundation

@testable import ODataCodeGen

/// Reads the built `OData` module's symbol graph and derives the names generated code must not take.
enum RuntimeSymbolGraph {
    /// Runs `swift-symbolgraph-extract` on the `OData` module of this test build and on the opt-in
    /// `ODataSAPCompatibility` (whose extensions of `DataService` and the entity protocols generated code under
    /// `sapCompatibility` sees), through `scripts/symbol-graph.sh` (which holds the compiler settings the
    /// documentation and layer scripts use).
    static func load() throws -> RuntimeNameSets {
        var sets = try names(in: symbolGraph())
        let optIn = try names(in: symbolGraph(module: "ODataSAPCompatibility", file: "ODataSAPCompatibility.symbols.json"))
        let extensions = try names(in: symbolGraph(module: "ODataSAPCompatibility", file: "ODataSAPCompatibility@OData.symbols.json"))
        sets.types.formUnion(optIn.types)
        sets.serviceMembers.formUnion(extensions.serviceMembers)
        sets.entityMembers.formUnion(extensions.entityMembers)
        sets.complexMembers.formUnion(extensions.complexMembers)
        return sets
    }

    /// A module's symbol graph (public and `@_spi` declarations; SPI ones carry `"spi": true`): by default the
    /// `OData` module's own declarations; `file` picks another of the graphs written (`<Module>@OData…` holds a
    /// module's extensions of `OData`'s types).
    static func symbolGraph(module: String = "OData", file: String = "OData.symbols.json") throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("odata-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "bash", TestSupport.repositoryRoot.appendingPathComponent("scripts/symbol-graph.sh").path, module, output.path,
            "-include-spi-symbols",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["ODATA_MODULES_DIR": try modulesDirectory().path]) { _, new in
            new
        }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("scripts/symbol-graph.sh failed: \(errorText)") }
        return try Data(contentsOf: output.appendingPathComponent(file))
    }

    /// The folder with `OData.swiftmodule`: `Modules` in or beside this test bundle's folder (SwiftPM's layout).
    private static func modulesDirectory() throws -> URL {
        var folder = Bundle(for: BundleMarker.self).bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("OData.swiftmodule").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw TestFailure("no Modules/OData.swiftmodule near \(Bundle(for: BundleMarker.self).bundleURL.path)")
    }

    /// Top-level type names, and the member base names of `DataService`, `EntityProtocol` and
    /// `ComplexTypeProtocol` (initializers, subscripts and operators cannot clash with generated names).
    static func names(in symbolGraph: Data) throws -> RuntimeNameSets {
        guard let graph = try JSONSerialization.jsonObject(with: symbolGraph) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw TestFailure("not a symbol graph") }
        var sets = RuntimeNameSets(types: [], serviceMembers: [], entityMembers: [], complexMembers: [])
        let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"]
        for symbol in symbols {
            guard let path = symbol["pathComponents"] as? [String],
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String
            else { continue }
            if path.count == 1, typeKinds.contains(kind) { sets.types.insert(path[0]) }
            guard path.count == 2, let member = baseName(path[1], kind: kind) else { continue }
            switch path[0] {
            case "DataService": sets.serviceMembers.insert(member)
            case "EntityProtocol": sets.entityMembers.insert(member)
            case "ComplexTypeProtocol": sets.complexMembers.insert(member)
            default: break
            }
        }
        return sets
    }

    private static func baseName(_ component: String, kind: String) -> String? {
        guard !["swift.init", "swift.subscript", "swift.func.op", "swift.associatedtype"].contains(kind) else { return nil }
        let name = component.split(separator: "(", maxSplits: 1).first.map(String.init) ?? component
        return name.isEmpty ? nil : name
    }

    /// The checked-in Swift file for a set of names (sorted, one per line, so diffs read well).
    static func render(_ sets: RuntimeNameSets) -> String {
        func list(_ names: Set<String>) -> String { names.sorted().map { "        \"\($0)\",\n" }.joined() }
        return """
            // Generated by scripts/update-runtime-names.sh from the symbol graphs of the OData module and of the
            // opt-in ODataSAPCompatibility (public and @_spi declarations). Do not edit: RuntimeNamesTests fails
            // when it is stale.

            /// The runtime's declarations that generated code must not shadow or collide with.
            enum RuntimeNames {
                /// The runtime's top-level types, protocols and type aliases.
                static let types: Set<String> = [
            \(list(sets.types))    ]

                /// Members of `DataService`, the base class of generated containers.
                static let serviceMembers: Set<String> = [
            \(list(sets.serviceMembers))    ]

                /// Members of `EntityProtocol`, which generated entity types conform to.
                static let entityMembers: Set<String> = [
            \(list(sets.entityMembers))    ]

                /// Members of `ComplexTypeProtocol`, which generated complex types conform to.
                static let complexMembers: Set<String> = [
            \(list(sets.complexMembers))    ]
            }

            """
    }
}

private final class BundleMarker {}
