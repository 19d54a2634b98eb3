import Dispatch
import Foundation
import XCTest

@testable import ODataCodeGen

/// The generated code for every corpus document and for the landmine document type-checks in Swift 6 mode
/// with zero warnings (`-warnings-as-errors`) against the OData module this package just built.
final class CompileTests: XCTestCase {
    func testEveryCorpusDocumentAndTheLandmineCompileWithoutWarnings() throws {
        var jobs: [(name: String, url: URL, configuration: GeneratorConfiguration)] = try TestSupport.corpus().map {
            ($0.deletingPathExtension().lastPathComponent, $0, GeneratorConfiguration())
        }
        // Two v4 documents are schemas without an entity container (Redfish, the Core vocabulary): parser input only,
        // and said so here rather than dropped quietly.
        for name in TestSupport.v4SchemasWithoutContainer {
            XCTAssertNil(try TestSupport.parse(try TestSupport.corpusDocument("v4/\(name)")).defaultContainer, name)
        }
        let v4 = try TestSupport.v4Services()
        let v3 = try TestSupport.corpus("v3")
        // Issue #31: at least ten public v4 services from different producers.
        XCTAssertGreaterThanOrEqual(v4.count, 10)
        XCTAssertGreaterThanOrEqual(v3.count, 4)
        jobs += (v4 + v3).map { ($0.deletingPathExtension().lastPathComponent, $0, GeneratorConfiguration()) }
        let tripPin = try TestSupport.corpusDocument("v4/TripPinServiceRW.xml")
        jobs.append(("TripPin-sap", tripPin, GeneratorConfiguration(sapCompatibility: true)))
        jobs.append(
            ("TripPin-sharded-internal", tripPin, GeneratorConfiguration(accessLevel: .internal, fileLayout: .sharded, shardCount: 4)))
        jobs.append(("Landmine", try TestSupport.resource("Landmine.xml"), GeneratorConfiguration()))
        jobs.append(("Landmine-preserve", try TestSupport.resource("Landmine.xml"), GeneratorConfiguration(namingStrategy: .preserve)))
        let espm = try TestSupport.corpusDocument("ESPM.xml")
        jobs.append(("ESPM-sharded-package", espm, GeneratorConfiguration(accessLevel: .package, fileLayout: .sharded, shardCount: 3)))
        jobs.append(("ESPM-sharded-too-many", espm, GeneratorConfiguration(fileLayout: .sharded, shardCount: 14)))
        jobs.append(("ESPM-single-internal", espm, GeneratorConfiguration(accessLevel: .internal, fileLayout: .singleFile)))
        XCTAssertGreaterThanOrEqual(jobs.count, 32)
        let allJobs = jobs
        // The v4 services are read without errors (the landmine is bad on purpose; SharePoint's subset really
        // declares a parameter twice, which the parser reports).
        let readWithoutErrors = Set(v4)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            let job = allJobs[index]
            do {
                let metadata = try TestSupport.parse(job.url)
                // Warnings (such as spatial types left out) are the parser tests' business.
                let errors = metadata.diagnostics.filter { $0.severity == .error }
                if readWithoutErrors.contains(job.url), !errors.isEmpty {
                    failures.add("\(job.name): parse errors: \(errors.map(\.message))")
                }
                let result = try CodeGenerator(configuration: job.configuration).generate(metadata)
                let usage = InstanceAccess.usageFile(for: result.files)
                if let problem = try Compiler.typecheck(result.files + [usage], moduleName: "Generated") {
                    failures.add("\(job.name): \(problem)")
                }
            } catch {
                failures.add("\(job.name): \(error)")
            }
        }
        for failure in failures.all { XCTFail(failure) }
    }

    func testTheInstanceAccessCheckCoversEveryStaticDescriptor() throws {
        let result = try CodeGenerator().generate(try TestSupport.parse(try TestSupport.corpusDocument("ESPM.xml")))
        let usage = InstanceAccess.usageFile(for: result.files).contents
        XCTAssertContains(usage, "let value: Swift.String? = entity.firstName\n    entity.firstName = value")
        XCTAssertContains(usage, "let value: Address? = entity.address")
        XCTAssertContains(usage, "let value: Swift.String? = entity.city")
        let statics = result.files.map { file in
            file.contents.split(separator: "\n").filter { $0.contains("static var ") && $0.contains(": OData.TypedProperty<") }.count
        }.reduce(0, +)
        XCTAssertEqual(usage.components(separatedBy: "let value: ").count - 1, statics)
        XCTAssertGreaterThan(statics, 80)
        // A property the runtime's dynamic member lookup cannot reach fails the check.
        let missing = GeneratedFile(name: "Missing.swift", contents: "func f(_ e: Customer) { let _: Swift.String? = e.noSuchProperty }\n")
        XCTAssertNotNil(try Compiler.typecheck(result.files + [missing], moduleName: "Missing"))
    }

    /// The README's v4 calls ("OData v4 (and v3) services") against the code generated from `Metadata/TripPin.xml`.
    func testTheREADMEsV4CallsCompileAgainstTheTripPinCode() throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent("Metadata/TripPin.xml")
        let result = try CodeGenerator().generate(try TestSupport.parse(url))
        let usage = GeneratedFile(
            name: "ReadmeUsage.swift",
            contents: """
                import OData

                func readme<Provider: OData.DataServiceProvider>(_ provider: Provider) async throws {
                    let service = DefaultContainer(provider: provider)
                    let women = try await service.fetchPeople(matching: DataQuery().filter(Person.gender == PersonGender.female))
                    let me = try await service.fetchMe()
                    let airport = try await service.getNearestAirport(lat: 33.0, lon: -118.0)
                    try await service.resetDataSource()
                    let airline = try await me.getFavoriteAirline(on: service)
                    try await me.shareTrip(on: service, userName: "scottketchum", tripID: 1001)
                    _ = (women, airport, airline)
                }

                """)
        XCTAssertNil(try Compiler.typecheck(result.files + [usage], moduleName: "TripPinReadme"))
    }

    func testTheCompilerCheckCatchesBrokenCode() throws {
        let broken = GeneratedFile(name: "Broken.swift", contents: "let value: Int = \"text\"\n")
        XCTAssertNotNil(try Compiler.typecheck([broken], moduleName: "Broken"))
        let warning = GeneratedFile(name: "Warning.swift", contents: "func f() { var unused = 1 }\n")
        XCTAssertNotNil(try Compiler.typecheck([warning], moduleName: "Warning"), "warnings must fail the check")
    }
}

/// A file that reads and writes every structural property of every generated entity and complex type on an
/// instance (`entity.firstName`), where the runtime's dynamic member lookup provides it, with its declared type.
enum InstanceAccess {
    static func usageFile(for files: [GeneratedFile]) -> GeneratedFile {
        var lines: [String] = []
        var function = 0
        for file in files {
            var owner: String?
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
                if let name = typeName(in: line) {
                    owner = name
                    continue
                }
                guard let owner, let (name, valueType) = staticDescriptor(in: line) else { continue }
                lines.append("func access\(function)(_ entity: inout \(owner)) {")
                lines.append("    let value: \(valueType)? = entity.\(name)")
                lines.append("    entity.\(name) = value")
                lines.append("}")
                function += 1
            }
        }
        return GeneratedFile(
            name: "InstanceAccess.swift", contents: "import Foundation\nimport OData\n\n" + lines.joined(separator: "\n") + "\n")
    }

    /// `Customer` in `public struct Customer: OData.EntityProtocol {` (or a complex type), at any access level.
    private static func typeName(in line: Substring) -> String? {
        guard line.hasSuffix(": OData.EntityProtocol {") || line.hasSuffix(": OData.ComplexTypeProtocol {"),
            let range = line.range(of: "struct ")
        else { return nil }
        return String(line[range.upperBound...].prefix { $0 != ":" })
    }

    /// The name and value type of `static var firstName: OData.TypedProperty<Swift.String> {`.
    private static func staticDescriptor(in line: Substring) -> (String, String)? {
        guard let start = line.range(of: "static var "), line.hasSuffix("> {"),
            let typeStart = line.range(of: ": OData.TypedProperty<", range: start.upperBound..<line.endIndex)
        else { return nil }
        let name = String(line[start.upperBound..<typeStart.lowerBound])
        let valueType = String(line[typeStart.upperBound..<line.index(line.endIndex, offsetBy: -3)])
        return (name, valueType)
    }
}

/// Collects failures from concurrent jobs.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list.sorted()
    }
}

/// Runs `swiftc -typecheck` on generated files against the package's built modules.
enum Compiler {
    /// The compiler's diagnostics when the files do not type-check cleanly, nil when they do.
    static func typecheck(_ files: [GeneratedFile], moduleName: String) throws -> String? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("odata-compile-\(moduleName)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments =
            [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName, "-package-name", "generated",
                "-I", try modulesDirectory().path,
                "-I", TestSupport.repositoryRoot.appendingPathComponent("Sources/CLibXML2").path,
                "-Xcc", "-I/usr/include/libxml2",
            ] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 0 { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return "swiftc exited with \(process.terminationStatus):\n" + String(text.prefix(4000))
    }

    /// `.build/<triple>/debug/Modules`, next to this test bundle.
    static func modulesDirectory() throws -> URL {
        guard let resources = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw TestFailure("no test bundle")
        }
        let modules = resources.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("OData.swiftmodule").path) else {
            throw TestFailure("OData.swiftmodule not found in \(modules.path)")
        }
        return modules
    }

    /// The `swiftc` on PATH (the toolchain running the tests).
    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestFailure("swiftc not found on PATH")
    }
}
