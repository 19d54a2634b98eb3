import Foundation

extension ODataError {
    /// What went wrong: a code that can grow without breaking your `switch` statements.
    ///
    /// A struct with static members rather than an enum (as swift-protobuf's `SwiftProtobufError.Code`
    /// and swift-openapi-runtime's `ClientError` do): `case .httpStatus:` still matches (through `~=`),
    /// and a new code in a later release adds a member instead of breaking exhaustive switches. Write a
    /// `default:` branch. Codes compare by `rawValue`, their stable name.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name (`httpStatus`, `timeout`, …).
        public let rawValue: String

        /// A code by name; the SDK's own codes are the static members.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code's name.
        public var description: String { rawValue }

        /// Every code the SDK itself raises, in declaration order.
        public static let allKnown: [Kind] = [
            .httpStatus,
            .preconditionFailed,
            .preconditionRequired,
            .transport,
            .timeout,
            .cancelled,
            .decoding,
            .wrongContentType,
            .truncatedBody,
            .invalidRequest,
            .crossOriginNextLink,
            .unsupportedOperation,
            .crossOriginRedirect,
            .tooManyRedirects,
            .repeatedNextLink,
            .tooManyPages,
            .notApplied,
            .invalidHeader,
            .invalidValue, .invalidModel, .queryEvaluation, .unexpectedResult, .invalidMetadata,
            .tokenEndpoint, .destination,
        ]

        /// The server answered with a non-2xx status (see `statusCode` and `serviceError`).
        public static let httpStatus = Kind(rawValue: "httpStatus")

        /// `412 Precondition Failed`: the entity's ETag changed since it was read (optimistic concurrency).
        public static let preconditionFailed = Kind(rawValue: "preconditionFailed")

        /// `428 Precondition Required`: the server requires an `If-Match` header.
        public static let preconditionRequired = Kind(rawValue: "preconditionRequired")

        /// The connection could not be made or broke off (`underlyingError` has the transport's error).
        public static let transport = Kind(rawValue: "transport")

        /// No answer within the timeout.
        public static let timeout = Kind(rawValue: "timeout")

        /// The task was cancelled.
        public static let cancelled = Kind(rawValue: "cancelled")

        /// The body could not be decoded (`position` is the byte offset when known).
        public static let decoding = Kind(rawValue: "decoding")

        /// The body has a content type this request cannot read.
        public static let wrongContentType = Kind(rawValue: "wrongContentType")

        /// The body ended before its declared `Content-Length`.
        public static let truncatedBody = Kind(rawValue: "truncatedBody")

        /// The request could not be built (bad URL, missing key, unsupported option).
        public static let invalidRequest = Kind(rawValue: "invalidRequest")

        /// A server-driven next link pointed to another origin and was not followed.
        public static let crossOriginNextLink = Kind(rawValue: "crossOriginNextLink")

        /// The provider does not support this operation (for example `$batch` on a provider without one).
        public static let unsupportedOperation = Kind(rawValue: "unsupportedOperation")

        /// A redirect pointed to another origin and was not followed (`RedirectPolicy`).
        public static let crossOriginRedirect = Kind(rawValue: "crossOriginRedirect")

        /// A request was redirected more often than `RedirectPolicy.maximumRedirects`.
        public static let tooManyRedirects = Kind(rawValue: "tooManyRedirects")

        /// A server-driven next link repeated the first request or an earlier link (paging would never end).
        public static let repeatedNextLink = Kind(rawValue: "repeatedNextLink")

        /// Paging followed `Options.maximumPages` pages and the server still sent a next link.
        public static let tooManyPages = Kind(rawValue: "tooManyPages")

        /// A request of a `$batch` changeset was not applied because another request of it failed.
        public static let notApplied = Kind(rawValue: "notApplied")

        /// A header name or value would break the HTTP message (CR, LF or NUL); the message names the header.
        public static let invalidHeader = Kind(rawValue: "invalidHeader")

        /// A value does not fit its EDM type (`underlyingError` is the `ODataValueError`).
        public static let invalidValue = Kind(rawValue: "invalidValue")
        /// A model or dynamic entity was used wrongly (`underlyingError` is the `DataModelError`).
        public static let invalidModel = Kind(rawValue: "invalidModel")
        /// A query could not be evaluated in memory (`underlyingError` is the `QueryEvaluationError`).
        public static let queryEvaluation = Kind(rawValue: "queryEvaluation")
        /// A function import returned something else than its declared type (the message says what arrived).
        public static let unexpectedResult = Kind(rawValue: "unexpectedResult")
        /// A `$metadata` document could not be read (`underlyingError` is the `MetadataError`).
        public static let invalidMetadata = Kind(rawValue: "invalidMetadata")
        /// An OAuth2 token endpoint refused a grant, could not be reached, or answered something else than a token;
        /// the message names the endpoint, the grant and what it answered (RFC 6749 `error`, or the content type).
        public static let tokenEndpoint = Kind(rawValue: "tokenEndpoint")
        /// An SAP BTP destination could not be read or used (not found, an unknown authentication type, an
        /// `authTokens` error); the message names the destination.
        public static let destination = Kind(rawValue: "destination")
    }
}
