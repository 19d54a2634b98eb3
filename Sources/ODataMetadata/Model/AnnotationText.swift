/// The text of a constant or path expression written as an attribute of an empty `<Annotation …/>` (`String="…"`,
/// `Path="…"`), kept as bytes in storage that the annotations of one parse share and made into a `String` only when
/// read. Most annotations of a document are never read one by one (a generator reads a few terms, `inspect` reads
/// each once), and a string of its own cost each of them an allocation and a UTF-8 check while parsing (≈ 410
/// instructions of ≈ 1,500 per inline annotation in the v4 benchmark document).
package struct AnnotationText: Sendable {
    /// The storage; kept alive by every text in it.
    private let chunk: AnnotationTextChunk
    private let start: Int
    private let count: Int

    fileprivate init(chunk: AnnotationTextChunk, start: Int, count: Int) {
        self.chunk = chunk
        self.start = start
        self.count = count
    }

    /// The text, made anew on each read.
    package var string: String {
        withExtendedLifetime(chunk) {
            String(decoding: UnsafeBufferPointer(start: chunk.bytes + start, count: count), as: UTF8.self)
        }
    }
}

/// A constant or path expression given as an attribute (`String="…"`, `Path="…"`): the kind of the expression its
/// text makes.
package enum ShorthandKind: Sendable, Equatable {
    case constant(AnnotationExpression.ConstantKind)
    case path(AnnotationExpression.PathKind)

    /// The expression with this attribute's text.
    package func expression(_ text: String) -> AnnotationExpression {
        switch self {
        case .constant(let kind): return .constant(kind, text)
        case .path(let kind): return .path(kind, text)
        }
    }

    /// Whether the text is also the annotation's `value`: a constant's, and a path's but a `ModelElementPath`'s (the
    /// names the parser's capture takes a value from, `InternedNames.constants`).
    package var givesValue: Bool {
        switch self {
        case .constant: return true
        case .path(let kind): return kind != .modelElementPath
        }
    }
}

/// Bytes that `AnnotationText`s point into. The bytes of a text are written once, by the parse's
/// `AnnotationTextWriter`, before the text that refers to them exists, and never change after: a chunk is
/// immutable to everything that can reach it, which is why it may be shared across threads (`@unchecked` only because
/// its storage is a pointer). It is freed when the last text in it is.
private final class AnnotationTextChunk: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }
}

/// Copies annotation texts into chunks, one parse at a time: the first of 1 KB (a document with a few annotations), each
/// next one twice the size of the last up to 16 KB (a few hundred texts), and a text longer than the next chunk in
/// a chunk of its own size. A model that keeps one annotation keeps its chunk.
package struct AnnotationTextWriter {
    private static let largestChunk = 16 * 1024
    private var chunk: AnnotationTextChunk?
    private var used = 0
    private var nextCapacity = 1024

    /// A writer that allocates its first chunk for its first text.
    package init() {}

    /// Keeps a copy of `bytes`.
    package mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> AnnotationText {
        let count = bytes.count
        let current: AnnotationTextChunk
        if let chunk, count <= chunk.capacity - used {
            current = chunk
        } else {
            current = AnnotationTextChunk(capacity: Swift.max(nextCapacity, count))
            nextCapacity = Swift.min(2 * nextCapacity, Self.largestChunk)
            (chunk, used) = (current, 0)
        }
        if count > 0, let base = bytes.baseAddress { (current.bytes + used).initialize(from: base, count: count) }
        defer { used += count }
        return AnnotationText(chunk: current, start: used, count: count)
    }
}
