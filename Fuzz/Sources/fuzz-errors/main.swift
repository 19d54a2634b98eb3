import Foundation
import FuzzDriver
import ODataTestSupport

/// Feeds each input to the OData error-body parser as JSON, as XML and by sniffing.
/// It never throws; any crash, hang or sanitizer report is a bug.
let testOneInput: odata_fuzz_callback = { data, size in
    CodecFuzzing.errorBody(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
