import Foundation
import ODataMetadata

let usage = """
    usage: metadata-bench [--tsv] <file>...           parse each file repeatedly; print the median wall and CPU time
                                                    of one parse and the throughput (--tsv: name, bytes, wall ms, cpu ms)
           metadata-bench --paired <a> <b> [rounds]   parse a and b alternately (the order swapped every round, so
                                                    both see the same state of the machine) and print, tab-separated,
                                                    the median CPU ms of each and the median, first and third quartile
                                                    of the per-round ratio of b's CPU time per MB to a's (default 200)
           metadata-bench --generate <path> [bytes]   write the synthetic SAP-style v2 document (default ~2 MB)
           metadata-bench --generate-v4 <path> [types] write the synthetic CSDL 4.0 document (default 300 entity types),
                                                    its annotations inline in their properties
           metadata-bench --generate-v4-blocks <path> [types]
                                                    the same with its annotations in `Annotations` blocks, as CAP and
                                                    RAP services write them

    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
let options: Set = ["--tsv", "--generate", "--generate-v4", "--generate-v4-blocks", "--paired"]
if let unknown = arguments.first(where: { $0.hasPrefix("-") && !options.contains($0) }) {
    FileHandle.standardError.write(Data("metadata-bench: unknown option \(unknown)\n\(usage)".utf8))
    exit(64)
}
/// Writes a generated document to `path` and ends the process (status 1 with a message when it cannot be written).
func writeDocument(_ text: String, to path: String) -> Never {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("metadata-bench: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
if arguments.first == "--generate", arguments.count >= 2 {
    writeDocument(LargeDocument.make(targetBytes: arguments.count > 2 ? Int(arguments[2]) ?? 2_000_000 : 2_000_000), to: arguments[1])
}
if arguments.first == "--generate-v4" || arguments.first == "--generate-v4-blocks", arguments.count >= 2 {
    let typeCount = arguments.count > 2 ? Int(arguments[2]) ?? 300 : 300
    writeDocument(
        LargeDocumentV4.make(typeCount: typeCount, annotationsInBlocks: arguments.first == "--generate-v4-blocks"), to: arguments[1])
}
if arguments.first == "--paired" {
    guard arguments.count == 3 || arguments.count == 4, let rounds = arguments.count == 4 ? Int(arguments[3]) : 200, rounds > 0
    else {
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
    do {
        let first = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        let second = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2])))
        let result = try pairedParseTimes(first, second, rounds: rounds)
        print("\(result.first * 1000)\t\(result.second * 1000)\t\(result.ratio.median)\t\(result.ratio.lower)\t\(result.ratio.upper)")
    } catch {
        FileHandle.standardError.write(Data("metadata-bench: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
let tsv = arguments.contains("--tsv")
let files = arguments.filter { $0 != "--tsv" }
guard !files.isEmpty, !files.contains("--generate"), !files.contains("--generate-v4"), !files.contains("--generate-v4-blocks") else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}

/// The calling thread's CPU time in seconds (unaffected by other processes on a shared machine).
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The wall-clock and thread-CPU seconds of one parse of `bytes` (the model is released after the clocks stop).
func timedParse(_ bytes: [UInt8]) throws -> (wall: Double, cpu: Double) {
    let cpuBefore = threadCPUTime()
    let before = DispatchTime.now().uptimeNanoseconds
    let metadata = try MetadataParser.parse(bytes)
    let after = DispatchTime.now().uptimeNanoseconds
    let cpu = threadCPUTime() - cpuBefore
    precondition(!metadata.schemas.isEmpty)
    return (Double(after - before) / 1e9, cpu)
}

/// Parses `bytes` until at least `budget` seconds (and 9 runs) have passed; returns the median wall-clock
/// and the median thread-CPU seconds of one parse.
func medianParseTime(_ bytes: [UInt8], budget: Double = 0.5) throws -> (wall: Double, cpu: Double) {
    for _ in 0..<3 { _ = try MetadataParser.parse(bytes) }
    var wall: [Double] = []
    var cpu: [Double] = []
    let start = DispatchTime.now().uptimeNanoseconds
    while wall.count < 9 || (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < budget && wall.count < 2000) {
        let time = try timedParse(bytes)
        wall.append(time.wall)
        cpu.append(time.cpu)
    }
    wall.sort()
    cpu.sort()
    return (wall[wall.count / 2], cpu[cpu.count / 2])
}

if !tsv { print("file                                      bytes  wall ms (median)   MB/s   cpu ms (median)   MB/s") }
for path in files {
    let bytes: [UInt8]
    let wall: Double
    let cpu: Double
    do {
        bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        (wall, cpu) = try medianParseTime(bytes)
    } catch {
        FileHandle.standardError.write(Data("metadata-bench: \(path): \(error)\n".utf8))
        exit(1)
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    let megabytes = Double(bytes.count) / 1e6
    if tsv {
        print("\(name)\t\(bytes.count)\t\(wall * 1000)\t\(cpu * 1000)")
    } else {
        print(
            name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "%11d %14.3f %8.1f %15.3f %8.1f", bytes.count, wall * 1000, megabytes / wall, cpu * 1000, megabytes / cpu))
    }
}
