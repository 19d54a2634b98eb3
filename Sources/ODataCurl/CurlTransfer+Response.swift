import CCurl
import Foundation
import OData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CurlTransfer {
    /// One header line (libcurl passes whole lines, the status line of every response included).
    func receiveHeader(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        moved = true
        guard let buffer else { return count }
        let line = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
        if line.starts(with: "HTTP/".utf8) {
            // a new response (after a 100 Continue or a proxy's CONNECT): start over
            headers = HTTPHeaders()
            statusCode = Self.statusCode(of: line)
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = line[..<colon].trimmed(where: Self.isHeaderSpace)
            let value = line[(colon + 1)...].trimmed(where: Self.isHeaderSpace)
            if !name.isEmpty {
                headers.add(
                    String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: value), as: UTF8.self))
            }
        }
        return count
    }

    /// The status code of a status line (`HTTP/1.1 200 OK`): the digits after the first space, 0 if none.
    static func statusCode(of line: UnsafeBufferPointer<UInt8>) -> Int {
        guard var index = line.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") { index += 1 }
        var code = 0
        var digits = 0
        while index < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]), digits < 4 {
            code = code * 10 + Int(line[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits == 0 || digits > 3 ? 0 : code
    }

    /// What a header line's name and value are trimmed of: spaces, tabs and the line's CR LF.
    static func isHeaderSpace(_ byte: UInt8) -> Bool { byte.isSpaceOrTab || byte == 0x0D || byte == 0x0A }

    /// A piece of the (decoded) response body.
    func receive(_ buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        moved = true
        guard let buffer, count > 0 else { return count }
        if !sawBody {
            sawBody = true
            if request.responseBodyFile != nil, (200..<300).contains(statusCode) {
                guard openOutput() else { return 0 }
            } else if let observer, observer.begin(request, statusCode: statusCode, headers: headers) {
                streaming = true
            } else if let declared = declaredLength, declared > 0 {
                body.reserveCapacity(min(declared, 1 << 30))
            }
        }
        if streaming {
            guard observer?.offer(UnsafeRawBufferPointer(start: buffer, count: count)) ?? true else {
                // the reader is behind: libcurl keeps these bytes and stops reading until the engine resumes
                paused = true
                return Int(CURL_WRITEFUNC_PAUSE)
            }
            streamedBytes += count
        } else if let output {
            guard fwrite(buffer, 1, count, output) == count else {
                outputProblem =
                    "cannot write the response body to \(request.responseBodyFile?.path ?? ""): \(String(cString: strerror(errno)))"
                return 0
            }
            outputBytes += count
        } else {
            body.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
        }
        return count
    }

    /// `Content-Length` when the body is not content-encoded (so the count of bytes that arrive).
    private var declaredLength: Int? {
        guard headers["Content-Encoding"] == nil else { return nil }
        return headers.contentLength
    }

    /// Opens a temporary file next to `responseBodyFile`, renamed onto it when the transfer succeeds.
    private func openOutput() -> Bool {
        guard let destination = request.responseBodyFile else { return false }
        let path = destination.path + ".part-\(UUID().uuidString)"
        guard let file = fopen(path, "wb") else {
            outputProblem = "cannot create \(path): \(String(cString: strerror(errno)))"
            return false
        }
        output = file
        outputPath = path
        return true
    }

    /// The response of a finished transfer, or its error.
    func result(code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, ODataError> {
        var status = 0
        if odc_easy_get_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status > 0 { statusCode = status }
        if let outputProblem {
            return .failure(ODataError(.transport, outputProblem, method: request.method, url: request.url, statusCode: statusCode))
        }
        guard code == CURLE_OK else {
            var connectStatus = 0
            if odc_easy_get_long(handle, CURLINFO_HTTP_CONNECTCODE, &connectStatus) == CURLE_OK, connectStatus >= 300 {
                return .failure(proxyRefusal(status: connectStatus, headers: headers, tunnel: true))
            }
            return .failure(failure(code: code, handshakeCompleted: handshakeCompleted(handle)))
        }
        var response = HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
        response.transferMetrics = transferMetrics(handle)
        if isProxyRefusal(response) { return .failure(proxyRefusal(status: statusCode, headers: headers, tunnel: false)) }
        body = Data()
        var received = streaming ? streamedBytes : response.body.count
        if let destination = request.responseBodyFile, response.isSuccess {
            if output == nil, !openOutput() {
                return .failure(ODataError(.transport, outputProblem ?? "", method: request.method, url: request.url))
            }
            fclose(output)
            output = nil
            if let outputPath {
                guard rename(outputPath, destination.path) == 0 else {
                    let problem = "cannot move the response body to \(destination.path): \(String(cString: strerror(errno)))"
                    return .failure(ODataError(.transport, problem, method: request.method, url: request.url, statusCode: statusCode))
                }
                self.outputPath = nil
            }
            response.bodyFile = destination
            received = outputBytes
        }
        if request.method != "HEAD", let declared = declaredLength, received < declared {
            return .failure(
                ODataError(
                    .truncatedBody, "body ended after \(received) of \(declared) bytes", method: request.method, url: request.url,
                    statusCode: statusCode, responseHeaders: headers))
        }
        return .success(response)
    }

    /// Whether this transfer made a new TLS connection (as opposed to none, or a reused one).
    private func handshakeCompleted(_ handle: UnsafeMutableRawPointer) -> Bool {
        var microseconds: curl_off_t = 0
        return odc_easy_get_offset(handle, CURLINFO_APPCONNECT_TIME_T, &microseconds) == CURLE_OK && microseconds > 0
    }

    /// The typed error for a libcurl failure. `handshakeCompleted`: a new TLS connection was made,
    /// so a connection closed before any answer is the server refusing the client after the handshake
    /// (with TLS 1.3 a refused or missing client certificate shows so, unless its alert is read first).
    func failure(code: CURLcode, handshakeCompleted: Bool = false) -> ODataError {
        let summary = String(cString: curl_easy_strerror(code))
        var detail = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
        var tls = Self.tlsCodes.contains(code.rawValue) || detail.contains("SSL") || detail.contains("TLS")
        if !tls, handshakeCompleted, statusCode == 0, [CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR].contains(code) {
            tls = true
            detail =
                "the server closed the connection right after the TLS handshake, before answering: it refused the client "
                + "certificate or its absence, most likely (\(detail))"
        }
        let underlying = CurlTransportError(code: Int(code.rawValue), summary: summary, detail: detail, isTLS: tls)
        let kind: ODataError.Kind
        switch code {
        case CURLE_OPERATION_TIMEDOUT: kind = .timeout
        case CURLE_PARTIAL_FILE: kind = .truncatedBody
        case CURLE_ABORTED_BY_CALLBACK: kind = .cancelled
        default: kind = .transport
        }
        var message = "\(request.method) \(request.url.absoluteString) failed: "
        if tls { message += "TLS problem: " }
        if refusedResend {
            message +=
                "the connection closed before any answer (libcurl wanted to send the write again on its own; "
                + "without a repeatable-request id it is never sent twice)"
        } else {
            message += detail.isEmpty ? summary : "\(detail) (\(summary))"
        }
        // libcurl's own timeouts are the whole-request one (`CURLOPT_TIMEOUT_MS`) and its connect timeout
        // (300 s); the idle one is ours (`idleTimeoutError`).
        let elapsed = Date().timeIntervalSince(started)
        let wholeRequest = kind == .timeout && elapsed + 0.5 >= resourceTimeout
        if wholeRequest {
            message =
                "\(request.method) \(request.url.absoluteString) timed out: the whole-request timeout of "
                + "\(Self.seconds(resourceTimeout)) ran out (CurlTransport.Configuration.resourceTimeout) after "
                + String(format: "%.1f", elapsed) + " s (libcurl: \(detail.isEmpty ? summary : detail))"
        }
        let received = statusCode > 0
        var error = ODataError(
            kind, message, method: request.method, url: request.url, statusCode: received ? statusCode : nil,
            responseHeaders: received ? headers : HTTPHeaders(), underlyingError: underlying)
        if wholeRequest { error.timeoutInterval = resourceTimeout }
        return error
    }

    /// The error for a task cancelled by its caller.
    func cancellationError() -> ODataError {
        ODataError(.cancelled, "\(request.method) \(request.url.absoluteString) was cancelled", method: request.method, url: request.url)
    }

    /// The error for a transfer during which no data moved for the request timeout.
    func idleTimeoutError() -> ODataError {
        let source = isPerRequestTimeout ? "HTTPRequest.timeout" : "CurlTransport.Configuration.requestTimeout"
        var error = ODataError(
            .timeout,
            "\(request.method) \(request.url.absoluteString) timed out: no data for the idle timeout of "
                + "\(Self.seconds(idleTimeout)) (\(source)); the request ran " + String(format: "%.1f", Date().timeIntervalSince(started))
                + " s",
            method: request.method, url: request.url)
        error.timeoutInterval = idleTimeout
        return error
    }

    /// `1 s`, `0.3 s`.
    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    /// libcurl's TLS result codes (handshake, certificates, keys, CA files, pinning).
    static let tlsCodes: Set<UInt32> = [
        CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
        CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
        CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
    ].reduce(into: []) { $0.insert($1.rawValue) }
}
