import Foundation
import FuzzDriver
import ODataTestSupport

/// Feeds each input to every Edm value parser (URL literal, JSON and Atom forms, all types), decimal
/// arithmetic and URL rendering. Thrown errors are fine; a crash, a hang, a sanitizer report or a
/// broken round-trip invariant is a bug.
let testOneInput: odata_fuzz_callback = { data, size in
    let buffer = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : min(size, 4096))
    let problems = ValueParserExercise.run(buffer)
    if !problems.isEmpty { fatalError("invariant broken: \(problems)") }
    return 0
}

exit(odata_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
