import Foundation
import ODataMetadata

/// ## One error type, with details
///
/// Every provider and `DataService` call throws `ODataError`. The SDK's other error types are its
/// details (in `underlyingError`, read through the typed accessors below) and stay public only where a
/// caller of a lower layer really catches them on their own:
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
/// - `FunctionResultError`: generated code reading a function import's result; wrapped as `.unexpectedResult`.
/// - `MetadataError`: `ODataMetadata`'s own error (that module does not depend on this one); wrapped as
///   `.invalidMetadata` where the runtime reads a document.
///
/// `ODataError(wrapping:)` turns any of them (or any error) into an `ODataError`.
extension ODataError {
    /// An `ODataError` for any error: itself when it is one, else the matching kind with the error as
    /// `underlyingError` (`.transport` for errors the SDK does not know).
    public init(wrapping error: any Error) {
        switch error {
        case let error as ODataError:
            self = error
        case let error as ODataDecodingError:
            self.init(.decoding, error.description, underlyingError: error, position: error.offset)
        case let error as ODataErrorBody:
            self.init(.httpStatus, "the server answered an OData error: \(error)", serviceError: error)
        case let error as ODataValueError:
            self.init(.invalidValue, error.description, underlyingError: error)
        case let error as DataModelError:
            self.init(.invalidModel, error.description, underlyingError: error)
        case let error as QueryEvaluationError:
            self.init(.queryEvaluation, error.description, underlyingError: error)
        case let error as FunctionResultError:
            self.init(.unexpectedResult, error.description, underlyingError: error)
        case let error as MetadataError:
            self.init(.invalidMetadata, error.description, underlyingError: error)
        default:
            self.init(.transport, "\(error)", underlyingError: error)
        }
    }

    /// The decoder's error (position, entity, property), for `.decoding`.
    public var decodingError: ODataDecodingError? { underlyingError as? ODataDecodingError }
    /// The value error, for `.invalidValue`.
    public var valueError: ODataValueError? { underlyingError as? ODataValueError }
    /// The model error, for `.invalidModel`.
    public var dataModelError: DataModelError? { underlyingError as? DataModelError }
    /// The evaluation error, for `.queryEvaluation`.
    public var queryEvaluationError: QueryEvaluationError? { underlyingError as? QueryEvaluationError }
    /// The function-result error, for `.unexpectedResult`.
    public var functionResultError: FunctionResultError? { underlyingError as? FunctionResultError }
    /// The metadata error, for `.invalidMetadata`.
    public var metadataError: MetadataError? { underlyingError as? MetadataError }
}
