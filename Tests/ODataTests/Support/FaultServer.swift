import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) whose answers a test scripts: redirects,
/// endless next links, bodies cut short, answers that never come. Each connection gets one answer
/// and is closed. Every wait is bounded (100 ms accept polls, 5 s reads, `hang` capped by the caller),
/// and `stop()` (also run by `deinit`) ends the accept loop, so a failing test cannot leave it running.
final class FaultServer: @unchecked Sendable {
    /// A request as received.
    struct Request: Sendable {
        let method: String
        let target: String
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
    }

    /// What to answer.
    enum Reply: Sendable {
        /// A whole response; `Content-Length` is added unless `headers` sets one.
        case response(status: Int, headers: [(String, String)], body: Data)
        /// These bytes as they are, then the connection closes (a truncated body, garbage, …).
        case raw(Data)
        /// Nothing for this many seconds, then close.
        case hang(TimeInterval)
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var stopped = false
    private var received: [Request] = []
    private let loopEnded = DispatchSemaphore(value: 0)

    /// The server's root URL (`http://127.0.0.1:<port>/`).
    var root: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The requests received so far.
    var requests: [Request] { lock.withLock { received } }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { _ = Glibc.close(fd) }
            throw CocoaError(.fileReadUnknown)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Ends the accept loop and closes the listening socket (idempotent).
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        loopEnded.wait()
        _ = Glibc.close(listener)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer { loopEnded.signal() }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { _ = Glibc.close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(client) else { return }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .response(let status, var headers, let body):
            if !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
                headers.append(("Content-Length", String(body.count)))
            }
            var head = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            write(client, Data((head + "\r\n").utf8) + body)
        case .raw(let bytes):
            write(client, bytes)
        case .hang(let seconds):
            Thread.sleep(forTimeInterval: min(seconds, 30))
        }
    }

    private func write(_ client: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    private func readRequest(_ client: Int32) -> Request? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0, bytes.count < 4_000_000 else { return nil }
            bytes.append(contentsOf: buffer[0..<count])
            headerEnd = bytes.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headerEnd else { return nil }
        let lines = String(decoding: bytes[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(bytes[headerEnd.upperBound...])
        let expected = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < expected {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: buffer[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}

extension FaultServer.Reply {
    /// A JSON answer.
    static func json(_ text: String, status: Int = 200) -> Self {
        .response(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    /// A redirect to `location`.
    static func redirect(_ status: Int, to location: String) -> Self {
        .response(status: status, headers: [("Location", location)], body: Data())
    }
}
