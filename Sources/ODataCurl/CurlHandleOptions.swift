import CCurl
import Foundation
import OData

/// The per-transport options every easy handle gets, prepared once (the CA folder is read here).
struct CurlHandleOptions: @unchecked Sendable {
    let configuration: CurlTransport.Configuration
    let share: UnsafeMutableRawPointer
    /// The PEM certificates of a CA folder, concatenated.
    let caBundle: Data?
    /// Why the TLS settings cannot be used (an unreadable CA folder), reported by every request.
    let setupError: String?

    init(configuration: CurlTransport.Configuration, share: UnsafeMutableRawPointer) {
        self.configuration = configuration
        self.share = share
        if case .folder(let folder) = configuration.tls.trustedCertificateAuthorities {
            let (bundle, problem) = Self.readCertificates(in: folder)
            caBundle = bundle
            setupError = problem
        } else {
            caBundle = nil
            setupError = nil
        }
    }

    /// Sets the transport-wide options on a fresh (or reset) handle; returns the first failing option.
    func apply(to handle: UnsafeMutableRawPointer) -> (CURLcode, String)? {
        let tls = configuration.tls
        var settings: [(String, () -> CURLcode)] = [
            ("signals", { odc_easy_set_long(handle, CURLOPT_NOSIGNAL, 1) }),
            ("redirects", { odc_easy_set_long(handle, CURLOPT_FOLLOWLOCATION, 0) }),
            ("cookie jar", { odc_easy_set_string(handle, CURLOPT_COOKIEFILE, "") }),
            ("shared caches", { odc_easy_set_share(handle, share) }),
            ("keep-alive", { odc_easy_set_long(handle, CURLOPT_TCP_KEEPALIVE, 1) }),
            ("no delay", { odc_easy_set_long(handle, CURLOPT_TCP_NODELAY, 1) }),
            ("buffer size", { odc_easy_set_long(handle, CURLOPT_BUFFERSIZE, 256 * 1024) }),
            (
                "HTTP version",
                {
                    odc_easy_set_long(
                        handle, CURLOPT_HTTP_VERSION,
                        self.configuration.allowsHTTP2 ? Int(CURL_HTTP_VERSION_2TLS) : Int(CURL_HTTP_VERSION_1_1))
                }
            ),
            ("resource timeout", { odc_easy_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(self.configuration.resourceTimeout)) }),
            ("verify peer", { odc_easy_set_long(handle, CURLOPT_SSL_VERIFYPEER, tls.insecureSkipsCertificateVerification ? 0 : 1) }),
            ("verify host", { odc_easy_set_long(handle, CURLOPT_SSL_VERIFYHOST, tls.insecureSkipsCertificateVerification ? 0 : 2) }),
        ]
        if configuration.acceptsCompressedResponses {
            settings.append(("accept encoding", { odc_easy_set_string(handle, CURLOPT_ACCEPT_ENCODING, "") }))
        }
        switch tls.clientCertificate {
        case nil: break
        case .pem(let certificate, let key, let password)?:
            settings.append(("client certificate", { odc_easy_set_string(handle, CURLOPT_SSLCERT, certificate.path) }))
            settings.append(("client certificate type", { odc_easy_set_string(handle, CURLOPT_SSLCERTTYPE, "PEM") }))
            settings.append(("client key", { odc_easy_set_string(handle, CURLOPT_SSLKEY, key.path) }))
            settings.append(("client key type", { odc_easy_set_string(handle, CURLOPT_SSLKEYTYPE, "PEM") }))
            if let password { settings.append(("client key password", { odc_easy_set_string(handle, CURLOPT_KEYPASSWD, password) })) }
        case .pkcs12(let file, let password)?:
            settings.append(("client certificate", { odc_easy_set_string(handle, CURLOPT_SSLCERT, file.path) }))
            settings.append(("client certificate type", { odc_easy_set_string(handle, CURLOPT_SSLCERTTYPE, "P12") }))
            settings.append(("client certificate password", { odc_easy_set_string(handle, CURLOPT_KEYPASSWD, password) }))
        }
        switch tls.trustedCertificateAuthorities {
        case nil: break
        case .file(let file)?:
            settings.append(("CA file", { odc_easy_set_string(handle, CURLOPT_CAINFO, file.path) }))
            settings.append(("CA path", { odc_easy_set_pointer(handle, CURLOPT_CAPATH, nil) }))
        case .folder?:
            if let caBundle {
                settings.append(
                    (
                        "CA folder",
                        {
                            var bytes = caBundle
                            return bytes.withUnsafeMutableBytes { odc_easy_set_blob(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) }
                        }
                    ))
                settings.append(("CA path", { odc_easy_set_pointer(handle, CURLOPT_CAPATH, nil) }))
            }
        }
        if let pinned = tls.pinnedPublicKey {
            settings.append(("pinned public key", { odc_easy_set_string(handle, CURLOPT_PINNEDPUBLICKEY, pinned) }))
        }
        for (name, set) in settings {
            let code = set()
            if code != CURLE_OK { return (code, name) }
        }
        return nil
    }

    /// Milliseconds for a libcurl option, at least 1 (0 would mean "no limit").
    static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return max(1, Int(min(seconds * 1000, Double(Int32.max))))
    }

    /// The PEM certificates of every file in `folder`, concatenated, or why there are none.
    static func readCertificates(in folder: URL) -> (Data?, String?) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            return (nil, "the CA folder \(folder.path) cannot be read: \(error.localizedDescription)")
        }
        var bundle = Data()
        let marker = Data("-----BEGIN CERTIFICATE-----".utf8)
        for file in files {
            guard let data = try? Data(contentsOf: file), data.range(of: marker) != nil else { continue }
            bundle.append(data)
            bundle.append(10)
        }
        if bundle.isEmpty { return (nil, "the CA folder \(folder.path) holds no PEM certificate") }
        return (bundle, nil)
    }
}
