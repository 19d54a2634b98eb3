import Foundation
import ODataMetadata

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ## One error type, with details
///
/// Every provider and `DataService` call throws `ODataError` (`throws(ODataError)`: the compiler holds the
/// rule). `ODataError` sits in the module's bottom layer, so every layer can throw it. The SDK's other error
/// types are its *details*: they travel in `underlyingError`, read through the typed accessor each layer
/// adds (`decodingError`, `valueError`, …), and stay public only because a caller of that layer on its own
/// catches them with their fields:
///
/// - `ODataDecodingError`: thrown by the codecs (`ODataJSONDecoder`, `ODataAtomDecoder`) used on their
///   own, with position, entity and property; inside `ODataError.decoding` otherwise (`decodingError`).
/// - `ODataErrorBody`: a server's error document, thrown by a codec that finds one instead of a payload;
///   the provider turns it into `.httpStatus` with `serviceError`.
/// - `ODataValueError`: `EdmLiteral.parse` and `EdmJSONForm.parse` throw it as a typed throw (no
///   existential on the hot path of value parsing); wrapped as `.invalidValue`.
/// - `DataModelError`: typed throws of the dynamic API (`DataModel`, `EntityValue.set(_:to:)`), raised
///   before any request; wrapped as `.invalidModel`.
/// - `QueryEvaluationError`: in-memory evaluation of a `DataQuery` (test doubles, offline stores);
///   wrapped as `.queryEvaluation`.
/// - `MetadataError`: `ODataMetadata`'s own error (that module does not depend on this one); wrapped as
///   `.invalidMetadata` where the runtime reads a document.
///
/// `ODataError(wrapping:)` is the one conversion path: it turns any of them (or any error) into an
/// `ODataError`. Each detail type says which `ODataError` it becomes (`ODataErrorConvertible`), in its own layer.
extension ODataError {
    /// An `ODataError` for any error, by one rule (every layer converts through here):
    ///
    /// - an `ODataError` is itself;
    /// - one of the SDK's detail errors becomes the kind its type names, with the error as `underlyingError`;
    /// - a cancellation (`CancellationError`, `URLError.cancelled`) is `.cancelled`, a `URLError.timedOut` is
    ///   `.timeout`, wherever the task was cancelled or the time ran out;
    /// - every other error, of an origin the SDK does not know (your transport, middleware, token provider or
    ///   codec), is `.transport`, the failure of the exchange with the service, with the error as
    ///   `underlyingError`: the one fallback.
    public init(wrapping error: any Error) {
        switch error {
        case let error as ODataError:
            self = error
        case let error as any ODataErrorConvertible:
            self = error.odataError
        case is CancellationError:
            self.init(.cancelled, "the task was cancelled", underlyingError: error)
        case let error as URLError where error.code == .cancelled:
            self.init(.cancelled, "the request was cancelled: \(error.localizedDescription)", underlyingError: error)
        case let error as URLError where error.code == .timedOut:
            self.init(.timeout, "the request timed out: \(error.localizedDescription)", underlyingError: error)
        default:
            self.init(.transport, "\(error)", underlyingError: error)
        }
    }

    /// Runs `body`; an error it throws becomes an `ODataError` through `init(wrapping:)`: how a
    /// `throws(ODataError)` function calls code that throws other errors (the one conversion path).
    @inlinable
    package static func converting<Result>(_ body: () throws -> Result) throws(ODataError) -> Result {
        do { return try body() } catch { throw ODataError(wrapping: error) }
    }

    /// Runs `body`; an error it throws becomes an `ODataError` through `init(wrapping:)` (the async form).
    @inlinable
    package static func converting<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws(ODataError) -> Result {
        do { return try await body() } catch { throw ODataError(wrapping: error) }
    }

    /// The metadata error, for `.invalidMetadata`.
    public var metadataError: MetadataError? { underlyingError as? MetadataError }
}

/// An error type of a lower layer (or module) that is a detail of `ODataError`: it names the `ODataError` it
/// becomes, so `ODataError(wrapping:)` converts it without knowing the layers above the bottom one.
protocol ODataErrorConvertible: Error {
    /// The `ODataError` this error becomes, with itself as `underlyingError`.
    var odataError: ODataError { get }
}

extension ODataErrorBody: ODataErrorConvertible {
    /// `.httpStatus` with this body as `serviceError`.
    var odataError: ODataError {
        ODataError(.httpStatus, "the server answered an OData error: \(self)", serviceError: self)
    }
}

extension MetadataError: ODataErrorConvertible {
    /// `.invalidMetadata`.
    var odataError: ODataError { ODataError(.invalidMetadata, description, underlyingError: self) }
}
