#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output helpers for the command-line tool. They write to the file descriptors directly, as `FileHandle`
/// did: the tool imports only FoundationEssentials (see `main.swift`), which has no `FileHandle`.
enum CLI {
    /// Writes text to standard output as is.
    static func printOutput(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes one line to standard error.
    static func printError(_ text: String) {
        writeAll(text + "\n", to: STDERR_FILENO)
    }

    /// Writes all of `text`'s UTF-8 to `descriptor`, retrying short and interrupted writes; stops at any other
    /// error (the reader went away), where there is nobody left to tell.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = write(descriptor, next, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                remaining -= written
            }
        }
    }
}
