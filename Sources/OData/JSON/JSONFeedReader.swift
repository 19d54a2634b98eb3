import Foundation

/// Reads a verbose-JSON feed that arrives in pieces, decoding each entry as soon as its bytes are in.
///
/// It finds the entry array (`{"d":{"results":[…]}}` or `{"d":[…]}`) and decodes the entries of every
/// piece straight from the piece's bytes, so the body is read once, by the decoder: nothing scans it
/// beforehand for where entries end. An entry cut off by the end of a piece fails to decode there; the
/// reader then checks (`JSONObjectEnd`, over that entry's bytes only) whether its brackets close before the
/// piece ends: if they do, the entry is complete and the error is real; if not, the entry's bytes are kept
/// and it is decoded again once the piece that ends it arrives. Only that cut-off entry is copied.
///
/// The rest of the body — the envelope with `__next`, `__count`, `__delta` — is kept for `finish()`. A
/// body without such an array (one entry, an error, anything else) is kept whole and returned by
/// `finish()`, to be decoded in one piece.
struct JSONFeedReader {
    /// What remains at the end of the body.
    enum Remainder {
        /// The envelope with an empty entry array (paging facts only).
        case envelope(Data)
        /// The whole body: it held no entry array.
        case whole(Data)
    }

    private enum Phase {
        /// Before the entry array: the bytes are kept in `prefix` and scanned for its `[`.
        case envelope
        /// Inside the entry array.
        case entries
        /// After the entry array: the bytes are kept in `tail`.
        case tail
    }

    /// What comes next inside the entry array.
    private enum Expecting {
        case entryOrEnd, separatorOrEnd, entry
    }

    private let entityType: EntityTypeDescriptor
    private let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    private let tables = NameTableCache()
    private let keyOrders = JSONKeyOrders()
    private var sharedURIPrefix: SharedURIPrefix?
    private var phase = Phase.envelope
    private var expecting = Expecting.entryOrEnd
    private var envelope = JSONEnvelopeScan()
    /// The nesting inside the entry array (2 or 3), so that an entry is held to the whole body's depth limit.
    private var entryDepth = 0
    /// The body before the entry array, through its `[` (all of it while the array is not found).
    private var prefix: [UInt8] = []
    /// The body from the entry array's `]`.
    private var tail: [UInt8] = []
    /// The bytes received so far of an entry cut off by the end of a piece, where they start in the body,
    /// and where its brackets stand.
    private var cutEntry: [UInt8] = []
    private var cutEntryOffset = 0
    private var cutEntryEnd = JSONObjectEnd()
    /// Entries read so far (entities and deleted-entry markers): the index of the next one.
    private(set) var entriesRead = 0
    /// The body's bytes received so far.
    private(set) var received = 0

    /// The bytes kept between pieces: the envelope, and the entry cut off by the last piece's end.
    var heldBytes: Int { prefix.count + tail.count + cutEntry.count }

    /// A reader of a feed of `entityType` (or the derived types `typeResolver` resolves).
    init(entityType: EntityTypeDescriptor, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?) {
        self.entityType = entityType
        self.typeResolver = typeResolver
    }

    /// Takes the next piece of the body and adds the entries it completes to `list` (entities, and the
    /// IDs of a delta response's deleted entries). Throws the decoding error of a complete entry, placed
    /// in the body.
    mutating func read(_ piece: UnsafeRawBufferPointer, into list: inout EntityList) throws {
        let bodyOffset = received
        received += piece.count
        var start = 0
        switch phase {
        case .tail:
            tail.append(contentsOf: piece)
            return
        case .envelope:
            prefix.append(contentsOf: piece)
            guard let arrayEnd = envelope.entryArrayEnd(in: prefix) else { return }
            // the array's `[` is in this piece (the prefix was scanned up to its start before)
            start = arrayEnd - (prefix.count - piece.count)
            prefix.removeSubrange(arrayEnd...)
            entryDepth = envelope.depth
            phase = .entries
        case .entries:
            break
        }
        if !cutEntry.isEmpty {
            guard let end = cutEntryEnd.end(in: piece) else {
                cutEntry.append(contentsOf: piece)
                return
            }
            cutEntry.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[..<end]))
            let entry = cutEntry
            let entryOffset = cutEntryOffset
            cutEntry = []
            try entry.withUnsafeBytes { entry in
                let stop = try readEntries(entry, from: 0, bodyOffset: entryOffset, into: &list)
                keep(entry, from: stop, bodyOffset: entryOffset)
            }
            start = end
        }
        let stop = try readEntries(piece, from: start, bodyOffset: bodyOffset, into: &list)
        keep(piece, from: stop, bodyOffset: bodyOffset)
    }

    /// The rest of the body once it has ended; throws when it ended inside the entry array (the error of the
    /// entry it ended in, as the whole body's decoding would report it, when there is one).
    mutating func finish() throws -> Remainder {
        switch phase {
        case .envelope:
            return .whole(Data(prefix))
        case .entries:
            if !cutEntry.isEmpty {
                var ignored = EntityList(entities: [])
                let entry = cutEntry
                let entryOffset = cutEntryOffset
                _ = try entry.withUnsafeBytes { try readEntries($0, from: 0, bodyOffset: entryOffset, into: &ignored, bodyEnded: true) }
            }
            throw ODataDecodingError(
                format: .json, offset: received, line: 0, column: 0,
                message: "the feed ended inside its entry array, after \(received) bytes")
        case .tail:
            return .envelope(Data(prefix + tail))
        }
    }

    /// Keeps `bytes[stop...]`, which `readEntries` did not consume: the envelope's tail, or an entry cut off.
    private mutating func keep(_ bytes: UnsafeRawBufferPointer, from stop: Int, bodyOffset: Int) {
        guard stop < bytes.count else { return }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[stop...])
        if phase == .tail {
            tail.append(contentsOf: rest)
        } else {
            cutEntry.append(contentsOf: rest)
            cutEntryOffset = bodyOffset + stop
        }
    }

    /// Decodes the entries in `bytes[start...]` (which start at `bodyOffset` in the body) into `list`.
    /// Returns the index of the first byte not consumed: `bytes.count`; the `]` that ends the entry array
    /// (the phase is then `.tail`); or the start of an entry cut off by the end of the bytes (its bracket
    /// state is then in `cutEntryEnd`). Once the body has ended (`bodyEnded`), an entry's error is thrown even
    /// when the entry is cut off.
    private mutating func readEntries(
        _ bytes: UnsafeRawBufferPointer, from start: Int, bodyOffset: Int, into list: inout EntityList, bodyEnded: Bool = false
    ) throws -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        var scanner = JSONScanner(bytes: bytes, base: base.assumingMemoryBound(to: UInt8.self))
        // an entry cut off fails where the bytes end, once per piece: its error must not count lines up to there
        scanner.locatesLines = false
        scanner.position = start
        var reader = JSONEntityReader(scanner: scanner, typeResolver: typeResolver, tables: tables, keyOrders: keyOrders)
        reader.sharedURIPrefix = sharedURIPrefix
        defer { sharedURIPrefix = reader.sharedURIPrefix }
        let table = tables.table(for: entityType)
        while true {
            reader.scanner.skipWhitespace()
            let index = reader.scanner.position
            guard index < bytes.count else { return index }
            let byte = bytes[index]
            switch expecting {
            case .separatorOrEnd where byte == UInt8(ascii: ","):
                expecting = .entry
                reader.scanner.position += 1
                continue
            case .separatorOrEnd, .entryOrEnd:
                if byte == UInt8(ascii: "]") {
                    phase = .tail
                    return index
                }
                if expecting == .separatorOrEnd {
                    throw placed(
                        reader.scanner.error("expected ',' or ']' in an array, found \(reader.scanner.found)"), in: bytes, bodyOffset)
                }
            case .entry:
                break
            }
            do {
                reader.scanner.depth = entryDepth
                let entity = try reader.readEntity(table)
                if let deleted = reader.deletedEntryID {
                    list.deletedEntryIDs.append(deleted)
                    reader.deletedEntryID = nil
                } else {
                    list.entities.append(entity)
                }
                entriesRead += 1
                expecting = .separatorOrEnd
            } catch let error as ODataDecodingError {
                if byte == UInt8(ascii: "{"), !bodyEnded {
                    var end = JSONObjectEnd()
                    if end.end(in: bytes, from: index) == nil {
                        // not an error yet: the entry goes on in the next piece
                        cutEntryEnd = end
                        return index
                    }
                }
                throw placed(error, in: bytes, bodyOffset)
            }
        }
    }

    /// `error`, found in `bytes` (which start at `bodyOffset`), placed in the body and the page: its byte offset
    /// counts from the body's start, its entity index from the page's first entry; line and column count from
    /// the start of `bytes` (the bytes before are gone), as its message says.
    private func placed(_ error: ODataDecodingError, in bytes: UnsafeRawBufferPointer, _ bodyOffset: Int) -> ODataDecodingError {
        let local = ODataDecodingError(format: .json, offset: error.offset, in: bytes, message: error.message)
        var placed = ODataDecodingError(
            format: .json, offset: bodyOffset + error.offset, line: local.line, column: local.column,
            message: error.message + " (line and column count from byte \(bodyOffset), where the piece of the page it was read from starts)"
        )
        placed.entityIndex = error.entityIndex ?? entriesRead
        placed.entityKey = error.entityKey
        placed.property = error.property
        return placed
    }
}

/// Finds the `[` of a verbose-JSON feed's entry array (`{"d":[` or `{"d":{…"results":[`) in a body that
/// grows, scanning each byte once.
struct JSONEnvelopeScan {
    private var scanned = 0
    /// The nesting at the end of the bytes scanned (inside the entry array once it is found).
    private(set) var depth = 0
    private var inString = false
    private var escaped = false
    private var stringStart = 0
    private var lastString: [UInt8] = []
    private var lastKey: [UInt8] = []
    /// The key of the object at depth 2: only `d`'s `results` is the entry array (an unwrapped entry's
    /// navigation property holds `{"results":[…]}` at that depth too, and is not the feed).
    private var secondLevelKey: [UInt8] = []

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
    private static let keyD: [UInt8] = Array("d".utf8), keyResults: [UInt8] = Array("results".utf8)

    /// The index just past the entry array's `[` in `body` (scanned from where the last call stopped), or nil
    /// when `body` does not hold it yet.
    mutating func entryArrayEnd(in body: [UInt8]) -> Int? {
        var index = scanned
        defer { scanned = index }
        while index < body.count {
            let byte = body[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == Self.backslash {
                    escaped = true
                } else if byte == Self.quote {
                    inString = false
                    lastString = index - 1 - stringStart <= 8 ? Array(body[stringStart..<index - 1]) : []
                }
                continue
            }
            switch byte {
            case Self.quote:
                inString = true
                stringStart = index
            case Self.colon:
                lastKey = lastString
            case UInt8(ascii: "["):
                let isEntryArray =
                    (depth == 1 && lastKey == Self.keyD) || (depth == 2 && lastKey == Self.keyResults && secondLevelKey == Self.keyD)
                depth += 1
                if isEntryArray { return index }
            case UInt8(ascii: "{"):
                if depth == 1 { secondLevelKey = lastKey }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
        return nil
    }
}
