import Foundation
import FuzzDriver
import ODataTestSupport

/// The envelope rules of issue 14 item 1 on the JSON and Atom decoders: nothing that is not an OData
/// entry becomes an entity, no unrelated type, no JSON light. A violated rule is a crash (a finding).
let testOneInput: odata_fuzz_callback = { data, size in
    CodecFuzzing.envelope(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
