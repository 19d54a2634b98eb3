/// The next step of a middleware chain: the rest of the chain and, at its end, the transport.
public typealias HTTPHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// A step between the data service and the transport that can change requests, look at
/// responses, or send extra requests (authentication, CSRF, retries, logging, your own).
///
/// A middleware may call `next` zero or more times; it must not call it again for a
/// request that changes server state unless it knows the first attempt was refused.
public protocol ODataMiddleware: Sendable {
    /// Handles a request, usually by calling `next` with it or with a changed copy.
    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse
}

/// A middleware built from a closure.
public struct ClosureMiddleware: ODataMiddleware {
    private let body: @Sendable (HTTPRequest, HTTPHandler) async throws -> HTTPResponse

    /// Wraps a closure as a middleware.
    public init(_ body: @escaping @Sendable (HTTPRequest, HTTPHandler) async throws -> HTTPResponse) {
        self.body = body
    }

    /// Calls the closure.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        try await body(request, next)
    }
}

/// Adds headers to every request unless the request already sets them.
public struct DefaultHeadersMiddleware: ODataMiddleware {
    /// The headers to add.
    public let headers: HTTPHeaders

    /// Creates the middleware.
    public init(_ headers: HTTPHeaders) { self.headers = headers }

    /// Adds the missing headers and continues.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var request = request
        for field in headers.fields where request.headers[field.name] == nil {
            request.headers[field.name] = field.value
        }
        return try await next(request)
    }
}

/// A transport with a middleware chain in front of it: the first middleware sees a request first.
///
/// Before the transport sees a request, its headers are checked: a name or value holding CR, LF or
/// NUL throws `ODataError.invalidHeader` naming the header (a transport would drop or split it).
public struct HTTPPipeline: Sendable {
    /// The middlewares, outermost first.
    public let middlewares: [any ODataMiddleware]
    /// The transport at the end of the chain.
    public let transport: any ODataTransport

    private let entry: HTTPHandler

    /// Creates a pipeline; the chain of handlers is built once, here.
    public init(middlewares: [any ODataMiddleware], transport: any ODataTransport) {
        self.middlewares = middlewares
        self.transport = transport
        self.entry = Self.handler(middlewares, from: 0, transport: transport)
    }

    /// Sends a request through every middleware and the transport.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await entry(request)
    }

    private static func handler(_ middlewares: [any ODataMiddleware], from index: Int, transport: any ODataTransport) -> HTTPHandler {
        guard index < middlewares.count else {
            return { request in
                if Task.isCancelled {
                    throw ODataError(.cancelled, "cancelled before sending", method: request.method, url: request.url)
                }
                try request.headers.checkSendable(method: request.method, url: request.url)
                return try await transport.send(request)
            }
        }
        let middleware = middlewares[index]
        let next = handler(middlewares, from: index + 1, transport: transport)
        return { request in try await middleware.intercept(request, next: next) }
    }
}
