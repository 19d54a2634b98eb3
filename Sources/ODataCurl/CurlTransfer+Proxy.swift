import CCurl
import Foundation
import OData

extension CurlTransfer {
    /// Sends this transfer through `proxy` (`HTTPRequest.proxy`, overriding the transport's setting): its address,
    /// basic credentials, and its own headers (`CURLOPT_PROXYHEADER`, kept apart from the origin's headers).
    ///
    /// A minimal version for SAP BTP's connectivity proxy; the transport-wide proxy support owns the final one.
    func applyProxy(_ proxy: HTTPProxy, to handle: UnsafeMutableRawPointer) -> [CURLcode] {
        var codes = [
            odc_easy_set_string(handle, CURLOPT_PROXY, proxy.url.absoluteString),
            odc_easy_set_string(handle, CURLOPT_NOPROXY, ""),
        ]
        if let user = proxy.user { codes.append(odc_easy_set_string(handle, CURLOPT_PROXYUSERNAME, user)) }
        if let password = proxy.password { codes.append(odc_easy_set_string(handle, CURLOPT_PROXYPASSWORD, password)) }
        if !proxy.headers.fields.isEmpty {
            for field in proxy.headers.fields { proxyHeaderList = curl_slist_append(proxyHeaderList, "\(field.name): \(field.value)") }
            codes.append(odc_easy_set_long(handle, CURLOPT_HEADEROPT, Int(CURLHEADER_SEPARATE)))
            codes.append(odc_easy_set_pointer(handle, CURLOPT_PROXYHEADER, UnsafeMutableRawPointer(proxyHeaderList)))
        }
        return codes
    }
}
