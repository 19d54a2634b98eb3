import Foundation

/// What an `ODataError` says, behind the one reference the error holds: immutable, so copies of an error share
/// it safely; a change makes a new one (`ODataError.change`).
final class ODataErrorStorage: Sendable {
    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }

    /// The error's fields: what every error has, the request and response context when there was one, and the
    /// few facts only some kinds have (`extras`, empty for most errors).
    struct Fields: Sendable {
        var kind: ODataError.Kind
        var message: String
        var method: String?
        var url: URL?
        var underlyingError: (any Error)?
        /// Status, headers, service error and body, when a response arrived (or a server's error body was read).
        var response: Response?
        /// The facts of the kinds that have them, each at most once.
        var extras: [Extra] = []

        init(kind: ODataError.Kind, message: String, method: String?, url: URL?, underlyingError: (any Error)?) {
            self.kind = kind
            self.message = message
            self.method = method
            self.url = url
            self.underlyingError = underlyingError
        }

        /// Changes the response context, creating an empty one first when there is none.
        mutating func changeResponse(_ body: (inout Response) -> Void) {
            var response = self.response ?? Response(statusCode: nil, headers: HTTPHeaders(), serviceError: nil, body: nil)
            body(&response)
            self.response = response
        }
    }

    /// What came back.
    struct Response: Sendable {
        var statusCode: Int?
        var headers: HTTPHeaders
        var serviceError: ODataErrorBody?
        var body: Data?
    }

    /// A fact only some errors have.
    enum Extra: Sendable {
        /// `.decoding`, `.truncatedBody` of a `$batch` body: the byte offset in the body.
        case position(Int)
        /// `.decoding`: the body's text around `position`.
        case bodyExcerpt(String)
        /// `.truncatedBody`: the bytes the response promised.
        case expectedBytes(Int)
        /// `.truncatedBody`: the bytes that arrived.
        case receivedBytes(Int)
        /// `.truncatedBody`: the bytes still missing when the connection closed.
        case missingBytes(Int)
        /// `.timeout`: the length in seconds of the timeout that ran out.
        case timeoutInterval(TimeInterval)
        /// A `$batch` changeset request's `Content-ID`.
        case contentID(String)

        /// Which fact this is.
        enum Key: Sendable {
            case position, bodyExcerpt, expectedBytes, receivedBytes, missingBytes, timeoutInterval, contentID
        }

        var key: Key {
            switch self {
            case .position: .position
            case .bodyExcerpt: .bodyExcerpt
            case .expectedBytes: .expectedBytes
            case .receivedBytes: .receivedBytes
            case .missingBytes: .missingBytes
            case .timeoutInterval: .timeoutInterval
            case .contentID: .contentID
            }
        }

        var value: any Sendable {
            switch self {
            case .position(let value), .expectedBytes(let value), .receivedBytes(let value), .missingBytes(let value): value
            case .bodyExcerpt(let value), .contentID(let value): value
            case .timeoutInterval(let value): value
            }
        }
    }
}

extension ODataError {
    /// The byte offset in the body where decoding failed, when known.
    public var position: Int? {
        get { extra(.position, as: Int.self) }
        set { setExtra(.position, newValue.map { .position($0) }) }
    }

    /// For `.decoding`: the body's text around `position` (up to 256 bytes either side).
    public var bodyExcerpt: String? {
        get { extra(.bodyExcerpt, as: String.self) }
        set { setExtra(.bodyExcerpt, newValue.map { .bodyExcerpt($0) }) }
    }

    /// For `.truncatedBody`: the bytes the response promised (`Content-Length`), when known.
    public var expectedBytes: Int? {
        get { extra(.expectedBytes, as: Int.self) }
        set { setExtra(.expectedBytes, newValue.map { .expectedBytes($0) }) }
    }

    /// For `.truncatedBody`: the bytes that arrived, when known.
    public var receivedBytes: Int? {
        get { extra(.receivedBytes, as: Int.self) }
        set { setExtra(.receivedBytes, newValue.map { .receivedBytes($0) }) }
    }

    /// For `.truncatedBody`: the bytes that were still missing when the connection closed, when known.
    public var missingBytes: Int? {
        get { extra(.missingBytes, as: Int.self) }
        set { setExtra(.missingBytes, newValue.map { .missingBytes($0) }) }
    }

    /// For `.timeout`: the length in seconds of the timeout that ran out.
    public var timeoutInterval: TimeInterval? {
        get { extra(.timeoutInterval, as: TimeInterval.self) }
        set { setExtra(.timeoutInterval, newValue.map { .timeoutInterval($0) }) }
    }

    /// The `Content-ID` of the `$batch` changeset request this error is about, when it is about one.
    public var contentID: String? {
        get { extra(.contentID, as: String.self) }
        set { setExtra(.contentID, newValue.map { .contentID($0) }) }
    }
}
