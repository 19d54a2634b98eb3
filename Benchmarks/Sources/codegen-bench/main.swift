// Benchmark (not a test): code-generation time for every corpus document and for a synthetic service of
// 200 entity types × 40 properties.
// Run: swift run -c release --package-path Benchmarks codegen-bench [--corpus <dir>] [--iterations <n>] [--write-synthetic <file.xml>]
//      [--types <n>] [--properties <n>]   (size of the synthetic service; default 200 × 40)
//      [--protocol 2|4]                   (the synthetic service as OData v2, the default, or as a CSDL 4.0 document)
// Budget: generation ≤ 100 ms per corpus document. The debug build time of the generated synthetic code is
// measured by scripts/bench-codegen-build.sh (which uses --write-synthetic).
import Foundation
import ODataCodeGen
import ODataMetadata

var corpus = "Tests/Corpus/metadata"
var iterations = 20
var syntheticOutput: String?
var syntheticTypes = 200
var syntheticProperties = 40
var syntheticProtocol = "2"
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    guard let value = arguments.first else { fatalError("\(flag) needs a value") }
    arguments.removeFirst()
    switch flag {
    case "--corpus": corpus = value
    case "--iterations": iterations = max(1, Int(value) ?? iterations)
    case "--write-synthetic": syntheticOutput = value
    case "--types": syntheticTypes = max(1, Int(value) ?? syntheticTypes)
    case "--properties": syntheticProperties = max(1, Int(value) ?? syntheticProperties)
    case "--protocol": syntheticProtocol = value == "4" ? "4" : "2"
    default: fatalError("unknown option \(flag)")
    }
}

/// The median wall time of `body` in milliseconds.
func measure(_ iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    return samples.sorted()[samples.count / 2]
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

@MainActor
func row(_ name: String, _ bytes: Int, _ data: Data, budgeted: Bool = true) throws -> Bool {
    let metadata = try MetadataParser.parse(data)
    let parse = try measure(iterations) { _ = try MetadataParser.parse(data) }
    let generate = try measure(iterations) { _ = try CodeGenerator().generate(metadata) }
    let result = try CodeGenerator().generate(metadata)
    let files = result.files.count
    let lines = result.files.reduce(0) { total, file in total + file.contents.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
    let within = generate <= 100
    print(
        pad(name, 36), pad(String(bytes), 9), pad(String(format: "%.2f", parse), 9),
        pad(String(format: "%.2f", generate), 10), pad(String(files), 6), pad(String(lines), 8),
        budgeted ? (within ? "ok" : "OVER") : "(no budget)")
    return within
}

print("median of \(iterations) runs; budget: generate ≤ 100 ms per corpus document")
print(pad("document", 36), pad("bytes", 9), pad("parse ms", 9), pad("generate", 10), pad("files", 6), pad("lines", 8), "budget")
var allWithin = true
let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
for name in names {
    let data = try Data(contentsOf: URL(fileURLWithPath: corpus).appendingPathComponent(name))
    allWithin = try row(name, data.count, data) && allWithin
}
let synthetic = Data(
    (syntheticProtocol == "4"
        ? SyntheticService.edmx4(types: syntheticTypes, properties: syntheticProperties)
        : SyntheticService.edmx(types: syntheticTypes, properties: syntheticProperties)).utf8)
_ = try row(
    "synthetic \(syntheticTypes) types x \(syntheticProperties) properties (v\(syntheticProtocol))", synthetic.count, synthetic,
    budgeted: false)
if let syntheticOutput {
    try synthetic.write(to: URL(fileURLWithPath: syntheticOutput))
    print("wrote the synthetic metadata to \(syntheticOutput)")
}
print(allWithin ? "all corpus documents within budget" : "SOME CORPUS DOCUMENTS OVER BUDGET")
