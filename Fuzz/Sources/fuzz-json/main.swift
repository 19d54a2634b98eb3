import Foundation
import FuzzDriver
import ODataTestSupport

/// Feeds each input to the verbose-JSON decoder in every shape (feed, entry, value, links) and
/// re-encodes what decodes. Thrown errors are fine; any crash, hang or sanitizer report is a bug.
let testOneInput: odata_fuzz_callback = { data, size in
    CodecFuzzing.json(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
