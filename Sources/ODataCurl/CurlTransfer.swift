import CCurl
import Foundation
import OData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request on its way through libcurl: what to send, what came back so far, and how to finish.
///
/// `continuation` is set by the caller before the transfer is queued (the engine's lock orders the two);
/// `cancelRequested` is guarded by the engine's lock; everything else belongs to the engine's thread.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var cancelRequested = false
    /// The easy handle while the transfer runs.
    private(set) var handle: UnsafeMutableRawPointer?
    /// When the transfer times out unless data moves before (`DispatchTime` nanoseconds).
    private(set) var idleDeadline: Int64 = .max
    let idleNanoseconds: Int64
    /// The idle timeout, whether it is the request's own (`HTTPRequest.timeout`), and the whole-request
    /// timeout (`CURLOPT_TIMEOUT_MS`), for the message of a timeout.
    let idleTimeout: TimeInterval
    let isPerRequestTimeout: Bool
    let resourceTimeout: TimeInterval
    let started = Date()

    // The response so far.
    var statusCode = 0
    var headers = HTTPHeaders()
    var body = Data()
    /// The file a successful body streams into (a temporary sibling of `responseBodyFile`), once opened.
    var output: UnsafeMutablePointer<FILE>?
    var outputPath: String?
    var outputBytes = 0
    var outputProblem: String?
    var sawBody = false
    /// Where a successful body streams instead of `body` (the `ResponseBodyStream` of the calling task).
    let observer: ResponseBodyStream?
    var streaming = false
    var streamedBytes = 0
    /// Whether the transfer is paused because the stream's reader is behind (then it does not time out).
    var paused = false

    // The request body.
    private var upload = Data()
    private var uploadOffset = 0
    private var uploadFile: UnsafeMutablePointer<FILE>?
    /// Whether libcurl wanted to send this write again on its own and was refused (see `rewind(to:origin:)`).
    private(set) var refusedResend = false
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The headers for the proxy only (`CURLOPT_PROXYHEADER`).
    var proxyHeaderList: UnsafeMutablePointer<curl_slist>?
    /// The proxy setting of this request: its own (`HTTPRequest.proxy`), else the transport's.
    let proxy: CurlTransport.Proxy
    /// When the transfer was made, for the queue time of its metrics (`DispatchTime` nanoseconds).
    let createdAt = DispatchTime.now().uptimeNanoseconds
    /// When the engine handed the transfer to libcurl.
    var startedAt: UInt64 = 0
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(request: HTTPRequest, configuration: CurlTransport.Configuration) throws {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw ODataError(
                .invalidRequest, "CurlTransport sends only http(s) URLs, not \(request.url.absoluteString)", method: request.method,
                url: request.url)
        }
        self.request = request
        self.proxy = request.proxy.map { .explicit($0) } ?? configuration.proxy
        self.observer = request.responseBodyFile == nil ? request.responseBodyStream : nil
        let seconds = request.timeout ?? configuration.requestTimeout
        idleTimeout = seconds
        isPerRequestTimeout = request.timeout != nil
        resourceTimeout = configuration.resourceTimeout
        idleNanoseconds = seconds.isFinite && seconds > 0 ? Int64(min(seconds, 1e9) * 1e9) : .max
        errorBuffer.initialize(to: 0)
    }

    deinit {
        if let uploadFile { fclose(uploadFile) }
        if let output { fclose(output) }
        if let outputPath { unlink(outputPath) }
        curl_slist_free_all(headerList)
        curl_slist_free_all(proxyHeaderList)
        errorBuffer.deallocate()
    }

    /// Whether data moved since the engine last looked (the engine then pushes the idle deadline back: one
    /// clock reading per turn of its loop rather than one per piece of data).
    var moved = false

    /// Marks data moving at `now` (`DispatchTime` nanoseconds): pushes the idle deadline back.
    func touch(now: UInt64) {
        moved = false
        guard idleNanoseconds != .max else { return }
        idleDeadline = Int64(bitPattern: now) &+ idleNanoseconds
    }

    /// Resumes the caller once (later calls do nothing).
    func finish(_ result: Result<HTTPResponse, ODataError>) {
        handle = nil
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// Sets every option of this request on `handle`; returns why it cannot be sent, if so.
    func configure(_ handle: UnsafeMutableRawPointer, options: CurlHandleOptions) -> ODataError? {
        if let problem = options.setupError {
            return ODataError(.transport, "TLS problem: \(problem)", method: request.method, url: request.url)
        }
        if let (code, name) = options.apply(to: handle) {
            return ODataError(
                .invalidRequest, "libcurl rejected the \(name) setting: \(String(cString: curl_easy_strerror(code)))",
                method: request.method, url: request.url)
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        var codes: [CURLcode] = [
            odc_easy_set_string(handle, CURLOPT_URL, request.url.absoluteString),
            odc_easy_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            odc_easy_set_write_callback(
                handle,
                { buffer, size, count, user in
                    Unmanaged<CurlTransfer>.fromOpaque(user!).takeUnretainedValue().receive(buffer, size * count)
                }, user),
            odc_easy_set_header_callback(
                handle,
                { buffer, size, count, user in
                    Unmanaged<CurlTransfer>.fromOpaque(user!).takeUnretainedValue().receiveHeader(buffer, size * count)
                }, user),
        ]
        var fields = request.headers.fields.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        switch request.method {
        case "GET": codes.append(odc_easy_set_long(handle, CURLOPT_HTTPGET, 1))
        case "HEAD": codes.append(odc_easy_set_long(handle, CURLOPT_NOBODY, 1))
        default:
            if let problem = prepareBody() {
                return ODataError(.invalidRequest, problem, method: request.method, url: request.url)
            }
            if request.body == .none && request.method != "POST" {
                codes.append(odc_easy_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method))
                break
            }
            codes.append(odc_easy_set_long(handle, CURLOPT_POST, 1))
            codes.append(odc_easy_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodySize)))
            codes.append(
                odc_easy_set_read_callback(
                    handle,
                    { buffer, size, count, user in
                        Unmanaged<CurlTransfer>.fromOpaque(user!).takeUnretainedValue().supply(buffer, size * count)
                    }, user))
            codes.append(
                odc_easy_set_seek_callback(
                    handle,
                    { user, offset, origin in
                        Unmanaged<CurlTransfer>.fromOpaque(user!).takeUnretainedValue().rewind(to: Int(offset), origin: origin)
                    }, user))
            if request.method != "POST" { codes.append(odc_easy_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)) }
            fields.append("Expect:")
            if request.headers["Content-Type"] == nil { fields.append("Content-Type:") }
        }
        for field in fields { headerList = curl_slist_append(headerList, field) }
        codes.append(odc_easy_set_headers(handle, headerList))
        codes += applyProxy(to: handle)
        if let failed = codes.first(where: { $0 != CURLE_OK }) { return failure(code: failed) }
        self.handle = handle
        startedAt = DispatchTime.now().uptimeNanoseconds
        touch(now: startedAt)
        return nil
    }

    private var bodySize = 0

    /// Opens the upload file or takes the in-memory body; returns a problem, if any.
    private func prepareBody() -> String? {
        switch request.body {
        case .none: bodySize = 0
        case .data(let data):
            upload = data
            bodySize = data.count
        case .file(let url):
            guard let file = fopen(url.path, "rb") else {
                return "cannot open the upload file \(url.path): \(String(cString: strerror(errno)))"
            }
            uploadFile = file
            fseeko(file, 0, SEEK_END)
            bodySize = Int(ftello(file))
            fseeko(file, 0, SEEK_SET)
        }
        return nil
    }

    /// libcurl asks for up to `capacity` bytes of the request body.
    private func supply(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
        guard let buffer else { return 0 }
        moved = true
        if let uploadFile { return fread(buffer, 1, capacity, uploadFile) }
        let count = min(capacity, upload.count - uploadOffset)
        guard count > 0 else { return 0 }
        upload.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + uploadOffset, byteCount: count)
        }
        uploadOffset += count
        return count
    }

    /// libcurl rewinds the body to send the request again on its own (the kept-alive connection it took closed before
    /// any answer). A write without a repeatable-request id is refused: it may have been applied, and the SDK never
    /// sends such a write twice (the transfer fails, and the caller learns the answer was lost).
    private func rewind(to offset: Int, origin: Int32) -> Int32 {
        guard request.isSafeToRetry else {
            refusedResend = true
            return Int32(CURL_SEEKFUNC_CANTSEEK)
        }
        guard origin == SEEK_SET, offset >= 0, offset <= bodySize else { return Int32(CURL_SEEKFUNC_CANTSEEK) }
        if let uploadFile { return fseeko(uploadFile, off_t(offset), SEEK_SET) == 0 ? Int32(CURL_SEEKFUNC_OK) : Int32(CURL_SEEKFUNC_FAIL) }
        uploadOffset = offset
        return Int32(CURL_SEEKFUNC_OK)
    }
}
