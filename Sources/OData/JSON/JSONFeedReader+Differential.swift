import Foundation

extension ODataJSONDecoder {
    /// For the JSON fuzz target and the tests: whether reading `data` as a streamed page does — in pieces of
    /// `pieceSize` bytes through `JSONFeedReader`, then its remainder whole, as `StreamedPageDecoder` does —
    /// never gives other entries or paging facts than decoding it whole: the same list when both succeed,
    /// and an error whenever decoding it whole fails. (Reading in pieces may refuse a body that decoding
    /// whole accepts, such as one with two entry arrays; it may never accept different data.)
    package func readsTheSameInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) -> Bool {
        let whole = Result { try decodeEntityList(data, entityType: entityType) }
        let streamed = Result { () throws -> EntityList in
            var reader = JSONFeedReader(entityType: entityType, typeResolver: typeResolver)
            var entries = EntityList(entities: [])
            var offset = 0
            while offset < data.count {
                let piece = data[offset..<min(offset + max(pieceSize, 1), data.count)]
                offset += piece.count
                try piece.withUnsafeBytes { try reader.read($0, into: &entries) }
            }
            switch try reader.finish() {
            case .whole(let body):
                return try decodeEntityList(body, entityType: entityType)
            case .envelope(let envelope):
                var list = try decodeEntityList(envelope, entityType: entityType)
                guard list.entities.isEmpty, list.deletedEntryIDs.isEmpty else {
                    throw ODataDecodingError(format: .json, offset: 0, line: 0, column: 0, message: "entries after the entry array")
                }
                list.entities = entries.entities
                list.deletedEntryIDs = entries.deletedEntryIDs
                return list
            }
        }
        switch (whole, streamed) {
        case (.failure, .success):
            return false
        case (.success(let wholeList), .success(let streamedList)):
            let wholeFacts: [AnyHashable?] = [
                wholeList.entities, wholeList.deletedEntryIDs, wholeList.inlineCount, wholeList.nextLink, wholeList.deltaLink,
            ]
            let streamedFacts: [AnyHashable?] = [
                streamedList.entities, streamedList.deletedEntryIDs, streamedList.inlineCount, streamedList.nextLink,
                streamedList.deltaLink,
            ]
            // the text compares values that are not equal to themselves (NaN)
            return wholeFacts == streamedFacts || String(reflecting: wholeFacts) == String(reflecting: streamedFacts)
        default:
            return true
        }
    }
}
