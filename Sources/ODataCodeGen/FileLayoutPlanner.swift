/// Spreads the declarations over files according to the configured layout.
struct FileLayoutPlanner {
    let configuration: GeneratorConfiguration

    /// The imports every file starts with.
    static let imports: [SwiftDecl] = [.import(module: "Foundation", spi: nil), .import(module: "OData", spi: "Generated")]

    /// The runtime-version marker every file has after its imports.
    static let versionMarker = SwiftDecl.extension(
        doc: ["Fails to compile against a runtime without this generated-code API version."],
        extendedType: .path("OData.RuntimeVersion.v4"), members: [])

    /// The import the service's file adds under `sapCompatibility`: the opt-in module `ODataSAPCompatibility`,
    /// whose blocking adapter the generated synchronous twins call.
    static let synchronousImport = SwiftDecl.import(module: "ODataSAPCompatibility", spi: "Generated")

    func files(
        serviceName: String, service: SwiftDecl, metadataName: String, metadata: SwiftDecl,
        types: [(name: String, decls: [SwiftDecl])]
    ) -> [SwiftFile] {
        switch configuration.fileLayout {
        case .singleFile:
            return [file(serviceName, [service, metadata] + types.flatMap(\.decls), service: true)]
        case .sharded:
            var shards = Array(repeating: [SwiftDecl](), count: configuration.shardCount)
            for (i, type) in types.enumerated() { shards[i % configuration.shardCount] += type.decls }
            // The build plugin asks for one file per type it counts in the document; a count above the number of
            // generated types (a subset, or a rough count) leaves files that only say so.
            return [file("GeneratedService", [service], service: true), file("GeneratedMetadata", [metadata])]
                + shards.enumerated().map { index, declarations in
                    var shard = file("GeneratedTypes\(index)", declarations)
                    if declarations.isEmpty {
                        shard.notes = ["", "No types in this file: there are fewer generated types than type files (shardCount)."]
                    }
                    return shard
                }
        case .perType:
            var used: Set<String> = []
            var result: [SwiftFile] = []
            // The service and metadata files, by far the largest, are named to sort before every type file
            // (`+ESPMContainer.swift`): SwiftPM hands sources to the compiler in path order and the driver batches
            // them in that order, so they start first instead of running alone at the end of the build.
            let leading = [(Self.leadingPrefix + serviceName, [service]), (Self.leadingPrefix + metadataName, [metadata])]
            for (index, (name, decls)) in (leading + types.map({ ($0.name, $0.decls) })).enumerated() {
                result.append(file(uniqueFileName(name, &used), decls, service: index == 0))
            }
            return result
        }
    }

    /// The prefix of the per-type layout's service and metadata file names; it sorts before letters, digits and `_`.
    static let leadingPrefix = "+"

    /// A file of `declarations` after the prologue; the one holding the service also imports the synchronous forms
    /// under `sapCompatibility`.
    private func file(_ baseName: String, _ declarations: [SwiftDecl], service: Bool = false) -> SwiftFile {
        let synchronous = service && configuration.sapCompatibility ? [Self.synchronousImport] : []
        return SwiftFile(name: baseName + ".swift", declarations: Self.imports + synchronous + [Self.versionMarker] + declarations)
    }

    /// File names must differ without regard to case (macOS file systems, SwiftPM's per-target rule).
    private func uniqueFileName(_ name: String, _ used: inout Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while used.contains(candidate.lowercased()) {
            candidate = "\(name)_\(suffix)"
            suffix += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }
}
