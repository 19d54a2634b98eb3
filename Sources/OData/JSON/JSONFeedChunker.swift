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
    /// The offset in the body of `buffer[0]`.
    private var bufferOffset = 0
    /// Bytes copied by the chunker: each piece once into `buffer`, and the partial entry after a run when
    /// the run is taken (a run itself is handed over without a copy).
    private(set) var copiedBytes = 0

    /// The bytes held: complete entries not yet taken, the entry being received, the envelope's tail.
    var bufferedBytes: Int { buffer.count }
    /// Whether `takeRun()` has entries to hand out.
    var hasRun: Bool { runStart != nil && !notAFeed }
    /// How many bytes in front of `buffer` are the envelope before the entries, through the array's `[`
    /// (kept in place so the first piece is not moved; a copy is in `prefix`).
    private var front = 0
    /// An element of the entry array that is not an object, found after entries were handed out.
    private var stray: Int?

    /// Whether `buffer[0..<end]`, which is about to be dropped, holds more than commas and white space
    /// (and the entry array's `[`): an element that is not an object. Before any entry was handed out the
    /// body is then kept whole (for the decoder to report); after, `finish()` throws.
    private mutating func holdsStrayBytes(before end: Int) -> Bool {
        guard end > front else { return false }
        for index in front..<end {
            switch buffer[index] {
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            default:
                if handedOut, stray == nil { stray = bufferOffset + index }
                return !handedOut
            }
        }
        return false
    }

    /// Complete entries as a bare JSON array: `bytes[range]`, starting at `bodyOffset` in the body
    /// (`bytes[range.lowerBound]` is the `[` put before the first entry).
    struct Run {
        /// The bytes holding the array (and others around it).
        var bytes: [UInt8]
        /// Where the array is in `bytes`.
        var range: Range<Int>
        /// The offset in the body of the first entry.
        var bodyOffset: Int
    }

    /// Takes the next piece of the body.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        received += bytes.count
        copiedBytes += bytes.count
        scan()
    }

    /// The complete entries received and not taken yet, nil when there are none. The buffer holding them
    /// is handed over as it is (the byte before the first entry, a `[` or `,` or space, becomes `[`, and a
    /// `]` goes after the last); only the bytes received after them are copied into a new buffer.
    mutating func takeRun() -> Run? {
        guard let start = runStart, start > 0, !notAFeed else { return nil }
        if holdsStrayBytes(before: start - 1) {
            notAFeed = true
            return nil
        }
        var rest: [UInt8] = []
        rest.reserveCapacity(buffer.capacity)
        rest.append(contentsOf: buffer[runEnd...])
        copiedBytes += rest.count
        var bytes = rest
        swap(&bytes, &buffer)
        let run = Run(bytes: [], range: start - 1..<runEnd + 1, bodyOffset: bufferOffset + start)
        bufferOffset += runEnd
        front = 0
        scanned -= runEnd
        elementStart -= runEnd
        runStart = nil
        runEnd = 0
        handedOut = true
        bytes[start - 1] = UInt8(ascii: "[")
        if run.range.upperBound <= bytes.count {
            bytes[run.range.upperBound - 1] = UInt8(ascii: "]")
        } else {
            bytes.append(UInt8(ascii: "]"))
        }
        return Run(bytes: bytes, range: run.range, bodyOffset: run.bodyOffset)
    }

    /// Forgets the first `count` bytes of `buffer`.
    private mutating func drop(_ count: Int) {
        copiedBytes += buffer.count - count
        buffer.removeSubrange(0..<count)
        front = 0
        bufferOffset += count
        scanned -= count
        elementStart -= count
    }

    /// The rest of the body once it has ended (after the last `takeRun()`); throws when it ended inside the
    /// entry array.
    func finish() throws -> Remainder {
        if arrayDepth == nil || notAFeed { return .whole(Data(prefix + buffer[front...])) }
        if let stray {
            throw ODataDecodingError(
                format: .json, offset: stray, line: 0, column: 0, message: "the feed's entry array holds an element that is not an entry")
        }
        guard arrayClosed else {
            throw ODataDecodingError(
                format: .json, offset: received, line: 0, column: 0,
                message: "the feed ended inside its entry array, after \(received) bytes")
        }
        return .envelope(Data(prefix + buffer[front...]))
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
    private static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}")
    private static let openArray = UInt8(ascii: "["), closeArray = UInt8(ascii: "]")
    private static let keyD: [UInt8] = Array("d".utf8), keyResults: [UInt8] = Array("results".utf8)

    /// Inside the entry array, moves over everything but the brackets outside strings, eight bytes at a time
    /// where it can: string contents up to the next quote or backslash, and between strings up to the next
    /// quote or bracket. Returns the index of the next bracket outside a string (for `scan` to count), or
    /// `buffer.count`; `inString` and `escaped` say where it stopped.
    private mutating func skipToBracket(from start: Int) -> Int {
        var inString = self.inString
        var escaped = self.escaped
        let stop = buffer.withUnsafeBufferPointer { bytes -> Int in
            guard let base = bytes.baseAddress else { return start }
            let end = bytes.count
            var index = start
            while index < end {
                if escaped {
                    escaped = false
                    index += 1
                    continue
                }
                if inString {
                    index = Self.firstMarked(base, from: index, end: end, by: JSONScanner.specialBytes)
                    guard index < end else { break }
                    let byte = base[index]
                    if byte == Self.quote {
                        inString = false
                    } else if byte == Self.backslash {
                        escaped = true
                    }
                    index += 1
                    continue
                }
                index = Self.firstMarked(base, from: index, end: end, by: Self.quotesAndBrackets)
                guard index < end else { break }
                let byte = base[index]
                if byte == Self.quote {
                    inString = true
                } else if byte | 0x20 == Self.openObject || byte | 0x20 == Self.closeObject {
                    return index
                }
                index += 1
            }
            return end
        }
        self.inString = inString
        self.escaped = escaped
        return stop
    }

    /// The index of the first byte at or after `start` that `mask` marks in its eight-byte word (the lowest set
    /// bit of `mask(word)` is the high bit of that byte), moving eight bytes at a time; where fewer than eight
    /// bytes are left, the first of them (for the byte loop to look at), or `end`.
    @inline(__always)
    private static func firstMarked(
        _ base: UnsafePointer<UInt8>, from start: Int, end: Int, by mask: (UInt64) -> UInt64
    ) -> Int {
        var index = start
        while end - index >= 8 {
            let marked = mask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if marked != 0 { return index + marked.trailingZeroBitCount &>> 3 }
            index += 8
        }
        return index
    }

    /// A mask whose lowest set bit is the high bit of the first byte of `word` that is a quote or one of
    /// `{}[]` (`[` and `]` are `{` and `}` without bit 0x20); zero when there is none.
    @inline(__always)
    private static func quotesAndBrackets(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let folded = word | (ones &* 0x20)
        return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(folded ^ (ones &* 0x7B)) | zeroBytes(folded ^ (ones &* 0x7D))
    }

    private mutating func scan() {
        var index = scanned
        while index < buffer.count {
            if arrayDepth != nil, !arrayClosed, !notAFeed {
                index = skipToBracket(from: index)
                guard index < buffer.count else { break }
            }
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
                    front = index + 1
                    index += 1
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
                            if holdsStrayBytes(before: index) {
                                notAFeed = true
                            } else {
                                scanned = index
                                drop(index)
                                index = 0
                            }
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
