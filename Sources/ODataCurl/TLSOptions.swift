import Foundation

extension CurlTransport {
    /// The TLS settings of a `CurlTransport`: a client certificate for mutual TLS, the CAs to trust,
    /// an optional pinned public key. Certificate verification is always on unless
    /// `insecureSkipsCertificateVerification` is set.
    public struct TLSOptions: Sendable, Hashable {
        /// The certificate (and key) presented when the server asks for one (mutual TLS), if any.
        public var clientCertificate: ClientCertificate?
        /// The CAs trusted by this transport instead of the system trust store; nil trusts the system's.
        public var trustedCertificateAuthorities: CertificateAuthorities?
        /// A public key the server's certificate must carry, in libcurl's `CURLOPT_PINNEDPUBLICKEY`
        /// form: `sha256//<base64 of the SHA-256 of the DER SubjectPublicKeyInfo>` (several joined with
        /// `;`), or the path of a PEM/DER public-key file. Checked in addition to the chain.
        public var pinnedPublicKey: String?
        /// **Insecure: turns off all certificate checks** (chain and host name), so anyone on the path
        /// can read and change the traffic, credentials included. Only for a throwaway test server
        /// whose certificate cannot be trusted otherwise; prefer `trustedCertificateAuthorities`.
        /// Off by default; a pinned public key is still checked when set.
        public var insecureSkipsCertificateVerification: Bool

        /// Creates TLS settings (by default: no client certificate, the system's CAs, verification on).
        public init(
            clientCertificate: ClientCertificate? = nil, trustedCertificateAuthorities: CertificateAuthorities? = nil,
            pinnedPublicKey: String? = nil, insecureSkipsCertificateVerification: Bool = false
        ) {
            self.clientCertificate = clientCertificate
            self.trustedCertificateAuthorities = trustedCertificateAuthorities
            self.pinnedPublicKey = pinnedPublicKey
            self.insecureSkipsCertificateVerification = insecureSkipsCertificateVerification
        }
    }

    /// A client certificate with its private key.
    public enum ClientCertificate: Sendable, Hashable {
        /// A PEM certificate file (it may carry the chain after the leaf) and a PEM private-key file,
        /// with the key's passphrase if it is encrypted. `key` may be the certificate file itself when
        /// that holds the key too.
        case pem(certificate: URL, key: URL, keyPassword: String? = nil)
        /// A PKCS#12 (`.p12`/`.pfx`) file holding the certificate and its key, and its password.
        case pkcs12(URL, password: String)
    }

    /// Certificate authorities to trust.
    public enum CertificateAuthorities: Sendable, Hashable {
        /// A PEM bundle: one or more CA certificates in one file.
        case file(URL)
        /// Every PEM file in a folder (`*.pem`, `*.crt`, or any file holding `BEGIN CERTIFICATE`); the
        /// folder needs no `c_rehash` links. Read when the transport is created.
        case folder(URL)
    }
}
