import Foundation
import XCTest

/// A local test server run as a Python script (`HTTPFaultServer`, `TLSTestServer`, `SlowFeedServer`): the script binds
/// 127.0.0.1 on port 0 and prints the port it got as its first line.
final class PythonServerProcess {
    private let process: Process
    /// The port the script reported.
    let port: Int

    /// Starts `script` in `folder` and waits for its port.
    init(script: String, in folder: URL? = nil, name: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        let port = Int(String(decoding: line, as: UTF8.self))
        if port == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        self.port = try XCTUnwrap(port, "the \(name) did not report its port")
    }

    /// Stops the server. SIGKILL: started from the XCTest runner, the Python child did not stop on SIGTERM
    /// (a test hung here).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
