import CCurl
import Foundation
import OData

extension CurlTransfer {
    /// Sets the proxy options of this transfer: none (`.environment`: libcurl reads `http_proxy`,
    /// `HTTPS_PROXY`, `NO_PROXY`), an empty proxy (`.none`), or the explicit proxy with its basic credentials and
    /// its own headers, kept apart from the origin's (`CURLHEADER_SEPARATE`: a `CONNECT` tunnel carries them to
    /// the proxy only).
    func applyProxy(to handle: UnsafeMutableRawPointer) -> [CURLcode] {
        switch proxy {
        case .environment:
            return []
        case .none:
            return [odc_easy_set_string(handle, CURLOPT_PROXY, "")]
        case .explicit(let proxy, let excluding):
            var codes = [
                odc_easy_set_string(handle, CURLOPT_PROXY, proxy.displayURL),
                odc_easy_set_long(handle, CURLOPT_HEADEROPT, Int(CURLHEADER_SEPARATE)),
            ]
            if !excluding.isEmpty {
                codes.append(odc_easy_set_string(handle, CURLOPT_NOPROXY, excluding.joined(separator: ",")))
            }
            if let (user, password) = proxy.credentials {
                codes.append(odc_easy_set_string(handle, CURLOPT_PROXYUSERNAME, user))
                codes.append(odc_easy_set_string(handle, CURLOPT_PROXYPASSWORD, password))
                codes.append(odc_easy_set_long(handle, CURLOPT_PROXYAUTH, Self.basicAuthentication))
            }
            if !proxy.headers.fields.isEmpty {
                for field in proxy.headers.fields {
                    proxyHeaderList = curl_slist_append(
                        proxyHeaderList, field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
                }
                codes.append(odc_easy_set_pointer(handle, CURLOPT_PROXYHEADER, proxyHeaderList))
            }
            return codes
        }
    }

    /// `CURLAUTH_BASIC` (a macro with a cast, which Swift does not import).
    static let basicAuthentication = 1

    /// The proxy's address for messages (never its credentials).
    var proxyName: String {
        switch proxy {
        case .explicit(let proxy, _): return proxy.displayURL
        case .environment:
            return (HTTPProxy.fromEnvironment(for: request.url)?.displayURL ?? "") + " (from the environment)"
        case .none: return "(none)"
        }
    }

    /// The typed error for a proxy that refused this request: a `CONNECT` answered with `connectStatus` (an
    /// `https` URL), or a forwarded request answered `407` or with an RFC 9209 `Proxy-Status` error by the proxy.
    func proxyRefusal(status: Int, headers: HTTPHeaders, tunnel: Bool) -> ODataError {
        let reason =
            status == 407
            ? "407 Proxy Authentication Required (the proxy's credentials or Proxy-Authorization were refused or missing)"
            : status == 403 ? "403 Forbidden" : "status \(status)"
        let what = tunnel ? "the tunnel (CONNECT)" : "the request"
        return ODataError(
            .transport, "\(request.method) \(request.url.absoluteString) failed: the proxy \(proxyName) refused \(what): \(reason)",
            method: request.method, url: request.url, statusCode: status, responseHeaders: headers)
    }

    /// Whether a response that came through a forward proxy is the proxy's own refusal.
    func isProxyRefusal(_ response: HTTPResponse) -> Bool {
        if response.statusCode == 407 { return true }
        if case .none = proxy { return false }
        guard response.statusCode >= 400, let status = response.headers["Proxy-Status"] else { return false }
        return status.contains("error=")
    }
}

extension CurlTransfer {
    /// libcurl's timers and byte counts of the finished transfer, as phase durations.
    func transferMetrics(_ handle: UnsafeMutableRawPointer) -> TransferMetrics {
        func seconds(_ info: CURLINFO) -> TimeInterval? {
            var microseconds: curl_off_t = 0
            return odc_easy_get_offset(handle, info, &microseconds) == CURLE_OK ? TimeInterval(microseconds) / 1e6 : nil
        }
        func count(_ info: CURLINFO) -> Int? {
            var bytes: curl_off_t = 0
            return odc_easy_get_offset(handle, info, &bytes) == CURLE_OK ? Int(bytes) : nil
        }
        let lookup = seconds(CURLINFO_NAMELOOKUP_TIME_T)
        let connected = seconds(CURLINFO_CONNECT_TIME_T)
        let handshaken = seconds(CURLINFO_APPCONNECT_TIME_T)
        return TransferMetrics(
            queue: TimeInterval(startedAt &- createdAt) / 1e9, dnsLookup: lookup,
            connect: connected.map { max(0, $0 - (lookup ?? 0)) },
            tls: handshaken.map { $0 > 0 ? max(0, $0 - (connected ?? 0)) : 0 }, firstByte: seconds(CURLINFO_STARTTRANSFER_TIME_T),
            total: seconds(CURLINFO_TOTAL_TIME_T), bytesSent: count(CURLINFO_SIZE_UPLOAD_T), bytesReceived: count(CURLINFO_SIZE_DOWNLOAD_T))
    }
}
