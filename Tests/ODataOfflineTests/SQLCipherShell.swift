import Foundation
import XCTest

/// The `sqlcipher` command-line shell (SQLCipher's own, the same version the SDK links; scripts/install-deps.sh
/// installs it), run on a store file with a script on its standard input (so a key never shows in a process list).
enum SQLCipherShell {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// The output lines, without the `ok` that SQLCipher 4 prints for `PRAGMA key`.
        var rows: [String] { standardOutput.split(separator: "\n").map(String.init).filter { $0 != "ok" } }
    }

    static func run(_ file: URL, script: String) throws -> Output { try run(path: file.path, script: script) }

    /// Runs the shell on `path` (a file, or `:memory:`).
    static func run(path: String, script: String) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlcipher", "-batch", path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    /// The shell's SQLCipher version (`PRAGMA cipher_version`), e.g. `4.6.1 community`.
    static func version() throws -> String {
        let output = try run(path: ":memory:", script: "PRAGMA cipher_version;\n")
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
