import Foundation

/// Splits a verbose-JSON feed that arrives in pieces into runs of complete entries, so that they can
/// be decoded while the rest of the body is still on its way.
///
/// It finds the entry array (`{"d":{"results":[…]}}` or `{"d":[…]}`); `takeRun()` hands out the complete
/// entry objects received so far as a bare JSON array (`[{…},{…}]`, which `ODataJSONDecoder.decodeEntityList`
/// reads as a v1 feed), and the rest of the body — the envelope with `__next`, `__count`, `__delta` — is kept
/// for `finish()`. A body without such an array (one entry, an error, anything else) is kept whole and
/// returned by `finish()`, to be decoded in one piece. Only the entries not yet taken, the bytes of the
/// entry being received and the envelope stay in memory.
struct JSONFeedChunker {
    /// What remains at the end of the body.
    enum Remainder {
        /// The envelope with an empty entry array (paging facts only).
        case envelope(Data)
        /// The whole body: it held no entry array to stream.
        case whole(Data)
    }

    private var buffer: [UInt8] = []
    private var scanned = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var stringStart = 0
    private var lastString: [UInt8] = []
    private var lastKey: [UInt8] = []
    /// The depth inside the entry array, once found.
    private var arrayDepth: Int?
    private var arrayClosed = false
    private var notAFeed = false
    private var prefix: [UInt8] = []
    private var elementStart = 0
    private var runStart: Int?
    private var runEnd = 0
    /// Whether entries were handed out (then the body can no longer be returned whole).
    private(set) var handedOut = false
    /// The body's bytes received so far.
    private(set) var received = 0
    /// The bytes of the body before `buffer` that were handed out or dropped (so the offset in the body of
    /// the next run is `prefixBytes + dropped + runStart`).
    private var dropped = 0

    /// The bytes held: complete entries not yet taken, the entry being received, the envelope's tail.
    var bufferedBytes: Int { buffer.count }
    /// Whether `takeRun()` has entries to hand out.
    var hasRun: Bool { runStart != nil }

    /// Takes the next piece of the body.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        received += bytes.count
        scan()
    }

    /// The complete entries received and not taken yet, as a bare JSON array, with the offset in the body
    /// of the first one; nil when there are none.
    mutating func takeRun() -> (run: Data, bodyOffset: Int)? {
        guard let start = runStart else { return nil }
        let bodyOffset = prefix.count + dropped + start
        var run = Data(capacity: runEnd - start + 2)
        run.append(UInt8(ascii: "["))
        buffer.withUnsafeBufferPointer { run.append($0.baseAddress! + start, count: runEnd - start) }
        run.append(UInt8(ascii: "]"))
        drop(runEnd)
        runStart = nil
        runEnd = 0
        handedOut = true
        return (run, bodyOffset)
    }

    /// Forgets the first `count` bytes of `buffer`.
    private mutating func drop(_ count: Int) {
        buffer.removeSubrange(0..<count)
        dropped += count
        scanned -= count
        elementStart -= count
    }

    /// The rest of the body once it has ended (after the last `takeRun()`); throws when it ended inside the
    /// entry array.
    func finish() throws -> Remainder {
        if arrayDepth == nil || notAFeed { return .whole(Data(prefix + buffer)) }
        guard arrayClosed else {
            throw ODataDecodingError(
                format: .json, offset: received, line: 0, column: 0,
                message: "the feed ended inside its entry array, after \(received) bytes")
        }
        return .envelope(Data(prefix + buffer))
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
    private static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}")
    private static let openArray = UInt8(ascii: "["), closeArray = UInt8(ascii: "]")
    private static let keyD: [UInt8] = Array("d".utf8), keyResults: [UInt8] = Array("results".utf8)

    private mutating func scan() {
        var index = scanned
        while index < buffer.count {
            let byte = buffer[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == Self.backslash {
                    escaped = true
                } else if byte == Self.quote {
                    inString = false
                    if arrayDepth == nil { lastString = index - stringStart <= 8 ? Array(buffer[stringStart..<index]) : [] }
                }
                index += 1
                continue
            }
            switch byte {
            case Self.quote:
                inString = true
                stringStart = index + 1
            case Self.colon:
                if arrayDepth == nil { lastKey = lastString }
            case Self.openObject, Self.openArray:
                if arrayDepth == nil, !notAFeed, byte == Self.openArray,
                    (depth == 1 && lastKey == Self.keyD) || (depth == 2 && lastKey == Self.keyResults)
                {
                    depth += 1
                    arrayDepth = depth
                    prefix = Array(buffer[0...index])
                    buffer.removeSubrange(0...index)
                    index = 0
                    continue
                }
                if let arrayDepth, !arrayClosed, !notAFeed, depth == arrayDepth {
                    if byte != Self.openObject, !handedOut { notAFeed = true }
                    elementStart = index
                }
                depth += 1
            case Self.closeObject, Self.closeArray:
                depth -= 1
                if let arrayDepth, !arrayClosed, !notAFeed {
                    if depth == arrayDepth {
                        if runStart == nil { runStart = elementStart }
                        runEnd = index + 1
                    } else if depth == arrayDepth - 1 {
                        arrayClosed = true
                        if runStart == nil {
                            scanned = index
                            drop(index)
                            index = 0
                        }
                    }
                }
            default: break
            }
            index += 1
        }
        scanned = index
    }
}
