import Foundation
import XCTest

#if os(Linux)
    /// `odata-gen` starts without Foundation (issue 31): linked, `libFoundation`, `FoundationInternationalization` and
    /// ICU's data were half of every command's start-up. The tool and the modules it links import FoundationEssentials;
    /// `check` loads FoundationNetworking, and Foundation with it, only when it fetches a URL.
    final class ToolStartupTests: XCTestCase {
        func testTheToolLinksFoundationEssentialsOnly() throws {
            let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("odata-gen")
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: run `swift build`")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["ldd", binary.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let libraries = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, libraries)
            XCTAssertTrue(libraries.contains("libFoundationEssentials.so "), libraries)
            let foundation = [
                "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so", "libFoundationNetworking.so",
            ]
            for library in foundation {
                XCTAssertFalse(libraries.contains(library + " "), "odata-gen links \(library):\n\(libraries)")
            }
        }
    }
#endif
