import Foundation
import OData
import ODataTestSupport

// decode-bench: the decoding benchmark of the OData codecs (not a test; run through Benchmarks/decode-vs-pyodata.sh).
//
//   decode-bench generate <dir> [entities]      writes bench.json, bench.xml and bench-metadata.xml
//   decode-bench measure <kind> <file> [runs]   decodes <file> in this (fresh) process and prints one result line
//
// <kind> is json (ODataJSONDecoder), atom (ODataAtomDecoder), atom-pieces (ODataAtomDecoder's push-parser reader,
// in 64 KB pieces, as a streamed page is read) or codable (Foundation JSONDecoder into structs).
// A result line is: kind bytes entities best_seconds median_seconds MB/s entities/s maxrss_kb baseline_kb
//                   best_cpu_seconds cpu_MB/s  (wall-clock figures first; CPU time excludes waiting for a busy CPU)

func peakResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
}

/// CPU time of this thread in seconds (unaffected by other processes waiting for the CPU).
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The current resident set in bytes (`/proc/self/statm`), 0 where unavailable.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("decode-bench: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: decode-bench generate <dir> [entities] | measure <kind> <file> [runs]") }

switch arguments[1] {
case "generate":
    let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 50_000 : 50_000
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var jsonGenerator = PayloadGenerator()
    try jsonGenerator.json(count: count).write(to: directory.appendingPathComponent("bench.json"))
    var atomGenerator = PayloadGenerator()
    try atomGenerator.atom(count: count).write(to: directory.appendingPathComponent("bench.xml"))
    try Data(BenchModel.metadataXML.utf8).write(to: directory.appendingPathComponent("bench-metadata.xml"))
case "measure":
    guard arguments.count >= 4 else { fail("usage: decode-bench measure <kind> <file> [runs]") }
    let kind = arguments[2]
    let runs = arguments.count > 4 ? max(Int(arguments[4]) ?? 5, 1) : 5
    let baseline = peakResidentKilobytes()
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[3]))
    var seconds: [Double] = []
    var cpuSeconds: [Double] = []
    var entities = 0
    var residentPerEntity = 0
    for _ in 0..<runs {
        // The previous result is released before the next run starts (and outside the timing),
        // so at most one decoded feed is alive.
        var list: EntityList?
        var feed: CodableFeed?
        let residentBefore = residentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = threadCPUSeconds()
        switch kind {
        case "json": list = try ODataJSONDecoder().decodeEntityList(data, entityType: BenchModel.item)
        case "atom": list = try ODataAtomDecoder().decodeEntityList(data, entityType: BenchModel.item)
        case "atom-pieces":
            // as a streamed page arrives: 64 KB pieces through the push parser (`AtomFeedReader`)
            list = try PiecewiseDecoding.atomEntityList(data, entityType: BenchModel.item, pieceSize: 65_536)
        case "codable": feed = try JSONDecoder().decode(CodableFeed.self, from: data)
        default: fail("unknown kind \(kind)")
        }
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        cpuSeconds.append(threadCPUSeconds() - cpuStart)
        entities = list?.entities.count ?? feed?.d.results.count ?? 0
        if residentPerEntity == 0 { residentPerEntity = (residentBytes() - residentBefore) / max(entities, 1) }
        list = nil
        feed = nil
    }
    let sorted = seconds.sorted()
    let best = sorted[0]
    let median = sorted[sorted.count / 2]
    let bestCPU = cpuSeconds.min() ?? best
    let megabytes = Double(data.count) / 1_000_000
    if arguments.contains("--resident") {
        print("resident bytes per decoded entity (first run, result alive):", residentPerEntity)
    }
    if arguments.contains("--sizes") {
        print(
            "EdmValue?", MemoryLayout<EdmValue?>.stride, "NavigationValue?", MemoryLayout<NavigationValue?>.stride,
            "EntityValue", MemoryLayout<EntityValue>.stride, "EntityMetadata", MemoryLayout<EntityMetadata>.stride)
    }
    print(
        kind, data.count, entities, String(format: "%.4f", best), String(format: "%.4f", median),
        String(format: "%.1f", megabytes / best), String(format: "%.0f", Double(entities) / best), peakResidentKilobytes(),
        baseline, String(format: "%.4f", bestCPU), String(format: "%.1f", megabytes / bestCPU))
default:
    fail("unknown command \(arguments[1])")
}
