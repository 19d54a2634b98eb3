import Foundation

/// Output helpers for the command-line tool.
enum CLI {
    /// Writes text to standard output as is.
    static func printOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
