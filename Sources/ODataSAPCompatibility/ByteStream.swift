import Foundation
import OData
import Synchronization

/// SAP's `ByteStream`: media content with its media type, for `uploadMedia(entity:content:)` and
/// `createMedia(entity:content:)`. A class, as SAP's is, so that SAP code sets the media type on a constant
/// (`let content = ByteStream.fromBinary(data: png); content.mediaType = "image/png"`); the media type is
/// behind a lock, so a stream may be shared between tasks. Swift-native code passes an `HTTPBody` and a content
/// type to `DataService.uploadMedia(of:body:contentType:)` instead.
public final class ByteStream: Sendable {
    /// The bytes (in memory) or a file (streamed).
    public let body: HTTPBody
    private let storedMediaType: Mutex<String>

    /// The media type sent as `Content-Type` (`application/octet-stream` unless set); settable on a constant.
    public var mediaType: String {
        get { storedMediaType.withLock { $0 } }
        set { storedMediaType.withLock { $0 = newValue } }
    }

    /// Content from a body and its media type.
    public init(body: HTTPBody, mediaType: String = "application/octet-stream") {
        self.body = body
        self.storedMediaType = Mutex(mediaType)
    }

    /// SAP's `ByteStream.fromBinary(data:)`: bytes held in memory.
    public static func fromBinary(data: Data, mediaType: String = "application/octet-stream") -> ByteStream {
        ByteStream(body: .data(data), mediaType: mediaType)
    }

    /// Content streamed from a file, never read whole into memory.
    public static func fromFile(_ file: URL, mediaType: String = "application/octet-stream") -> ByteStream {
        ByteStream(body: .file(file), mediaType: mediaType)
    }

    /// The in-memory bytes (empty for file content); SAP's `readAndClose()`.
    public func readAndClose() -> Data { body.data ?? Data() }
}
