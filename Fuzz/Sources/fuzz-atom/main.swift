import Foundation
import FuzzDriver
import ODataTestSupport

/// Feeds each input to the Atom decoder in every shape (feed, entry, value, links).
/// Thrown errors are fine; any crash, hang or sanitizer report is a bug.
let testOneInput: odata_fuzz_callback = { data, size in
    CodecFuzzing.atom(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
