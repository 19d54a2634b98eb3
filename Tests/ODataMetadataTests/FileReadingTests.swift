import Foundation
import XCTest

@testable import ODataMetadata

/// `MetadataParser.parse(contentsOf:)` reads a file while libxml2 parses it (`MetadataFile`): the model, the
/// errors and the limits are those of parsing the same bytes from memory.
final class FileReadingTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("file-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func file(_ bytes: [UInt8], named name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// The corpus documents larger than the bytes read up front, read from their files and from memory.
    func testFileAndMemoryGiveTheSameModel() throws {
        for name in ["ESPM.xml", "API_PRODUCT_SRV.xml"] {
            let url = try Fixtures.url(name)
            let bytes = try [UInt8](Data(contentsOf: url))
            XCTAssertGreaterThan(bytes.count, MetadataFile.headSize, name)
            XCTAssertEqual(try MetadataParser.parse(contentsOf: url), try MetadataParser.parse(bytes), name)
        }
    }

    /// A document of several read steps (`PendingInput.fileStep`), elements and attribute values cut across them,
    /// from a file and from a pipe that brings it a little at a time, reads as from memory.
    func testDocumentOfSeveralReadStepsReadsAsFromMemory() throws {
        var types = ""
        var count = 0
        while types.utf8.count < 3 * PendingInput.fileStep + 1_000 {
            types += """
                <EntityType Name="T\(count)" sap:label="Type \(count)"><Key><PropertyRef Name="K"/></Key>\
                <Property Name="K" Type="Edm.Int32" sap:label="Key of type \(count)"/></EntityType>
                """
            count += 1
        }
        let bytes = Array(Fixtures.edmx(types).utf8)
        let fromMemory = try MetadataParser.parse(bytes)
        XCTAssertEqual(fromMemory.schemas.first?.entityTypes.count, count)
        XCTAssertEqual(try MetadataParser.parse(contentsOf: file(bytes, named: "steps.xml")), fromMemory)

        let pipe = directory.appendingPathComponent("steps-pipe.xml")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        let writer = Thread {
            let descriptor = open(pipe.path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            bytes.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let written = write(descriptor, all.baseAddress! + offset, min(1_500, all.count - offset))
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
        writer.start()
        XCTAssertEqual(try MetadataParser.parse(contentsOf: pipe), fromMemory)
    }

    /// A byte-order mark, a declared single-byte encoding and a document shorter than the head all read as from memory.
    func testEncodingsAndShortFiles() throws {
        let base = try [UInt8](Data(contentsOf: Fixtures.url("ESPM.xml")))
        let text = String(decoding: base, as: UTF8.self)
        let latin = text.replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"iso-8859-1\"")
        let type = #"<EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32"/></EntityType>"#
        let short = Array(Fixtures.edmx(type).utf8)
        let cases: [(String, [UInt8])] = [
            ("bom.xml", [0xEF, 0xBB, 0xBF] + base), ("latin.xml", Array(latin.utf8)), ("short.xml", short),
        ]
        for (name, bytes) in cases {
            let url = try file(bytes, named: name)
            XCTAssertEqual(try MetadataParser.parse(contentsOf: url), try MetadataParser.parse(bytes), name)
        }
    }

    /// Content after a NUL byte past the head, and a file cut short, fail as they do from memory.
    func testTruncatedAndNULTerminatedFiles() throws {
        let base = try [UInt8](Data(contentsOf: Fixtures.url("ESPM.xml")))
        let cases: [(String, [UInt8])] = [("nul.xml", base + [0] + Array("junk".utf8)), ("cut.xml", Array(base[..<(base.count / 2)]))]
        for (name, bytes) in cases {
            let url = try file(bytes, named: name)
            let fromFile = assertThrows { try MetadataParser.parse(contentsOf: url) }
            let fromMemory = assertThrows { try MetadataParser.parse(bytes) }
            XCTAssertEqual(fromFile?.kind, .malformedXML, name)
            XCTAssertEqual(fromFile?.message, fromMemory?.message, name)
        }
    }

    /// A file whose size `stat` cannot tell (a FIFO) and that brings more bytes than the limit is refused while read.
    func testFileGrowingPastTheLimitWhileReadIsRefused() throws {
        let url = directory.appendingPathComponent("fifo.xml")
        XCTAssertEqual(mkfifo(url.path, 0o600), 0)
        let document = try [UInt8](Data(contentsOf: Fixtures.url("ESPM.xml")))
        let limit = 10_000
        XCTAssertGreaterThan(document.count, limit + MetadataFile.headSize)
        // The pipe's buffer (64 KB) holds more than the reader takes, so the writer never blocks or gets SIGPIPE.
        let writer = Thread {
            let descriptor = open(url.path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = document.withUnsafeBytes { write(descriptor, $0.baseAddress, min($0.count, 60_000)) }
            close(descriptor)
        }
        writer.start()
        let error = assertThrows { try MetadataParser.parse(contentsOf: url, options: ParseOptions(maximumInputSize: limit)) }
        XCTAssertEqual(error?.kind, .tooLarge)
        XCTAssertEqual(error?.message, "\(url.path): grew past the limit of \(limit) bytes while it was read")
    }

    private func assertThrows(_ body: () throws -> ServiceMetadata, line: UInt = #line) -> MetadataError? {
        do {
            _ = try body()
            XCTFail("parsed without an error", line: line)
            return nil
        } catch {
            return error as? MetadataError
        }
    }
}
