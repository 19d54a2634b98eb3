import Foundation
import FuzzDriver
import ODataMetadata

/// Parses each input leniently and strictly, and renders the model, so the parser, the resolver and the
/// JSON/summary writers all see it. Any crash, hang or sanitizer report is a bug; thrown errors are fine.
let testOneInput: odata_fuzz_callback = { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let metadata = try? MetadataParser.parse(bytes, options: ParseOptions(maximumInputSize: 1 << 20, maximumDepth: 64)) {
        _ = metadata.inspectionJSON().rendered()
        _ = metadata.inspectionSummary(title: "fuzz")
        for set in metadata.defaultContainer?.entitySets ?? [] {
            for navigation in metadata.entityType(named: set.entityType)?.navigationProperties ?? [] {
                _ = metadata.targetEntitySet(from: set, navigationProperty: navigation.name)
            }
        }
    }
    _ = try? MetadataParser.parse(bytes, options: .strict)
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
