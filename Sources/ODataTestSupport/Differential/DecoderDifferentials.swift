import Foundation
import OData

extension ODataJSONDecoder {
    /// For the JSON fuzz target and the tests: whether reading `data` as a streamed page does — in pieces of
    /// `pieceSize` bytes through the format's feed reader, then its remainder whole, as `StreamedPageDecoder`
    /// does — never gives other entries or paging facts than decoding it whole: the same list when both succeed,
    /// and an error whenever decoding it whole fails. (Reading in pieces may refuse a body that decoding
    /// whole accepts, such as one with two entry arrays; it may never accept different data.)
    package func readsTheSameInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) -> Bool {
        let whole = Result { try decodeEntityList(data, entityType: entityType) }
        let streamed = Result { () throws -> EntityList in
            var reader = PayloadFormat.json.feedReader(entityType: entityType, typeResolver: typeResolver)
            return try reader.decodeInPieces(data, pieceSize: pieceSize) { try decodeEntityList($0, entityType: entityType) }
        }
        switch (whole, streamed) {
        case (.failure, .success):
            return false
        case (.success(let wholeList), .success(let streamedList)):
            return wholeList.hasTheSameEntriesAndPagingFacts(as: streamedList)
        default:
            return true
        }
    }
}

extension ODataAtomDecoder {
    /// For the benchmarks and the tests: a feed read as a streamed page is — in pieces of `pieceSize` bytes
    /// through the format's feed reader, a body it leaves whole decoded whole, as `StreamedPageDecoder` does.
    package func decodeEntityListInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) throws -> EntityList {
        var reader = PayloadFormat.atom.feedReader(entityType: entityType, typeResolver: typeResolver)
        return try reader.decodeInPieces(data, pieceSize: pieceSize) { try decodeEntityList($0, entityType: entityType) }
    }

    /// For the Atom fuzz target and the tests: whether reading `data` as a streamed page (in pieces of
    /// `pieceSize` bytes, `decodeEntityListInPieces`) gives what decoding it whole gives: the same entities,
    /// deleted entries and paging facts when both succeed, and an error exactly when decoding it whole fails.
    package func readsTheSameInPieces(_ data: Data, entityType: EntityTypeDescriptor, pieceSize: Int) -> Bool {
        let whole = Result { try decodeEntityList(data, entityType: entityType) }
        let pieced = Result { try decodeEntityListInPieces(data, entityType: entityType, pieceSize: pieceSize) }
        switch (whole, pieced) {
        case (.failure, .failure):
            return true
        case (.success(let expected), .success(let got)):
            return expected.hasTheSameEntriesAndPagingFacts(as: got)
        default:
            return false
        }
    }

    /// For the Atom fuzz target: whether `data` reads the same (entities of `entityType`, one entity, a value of
    /// `valueType`, or `$links`: results or error messages) through `AtomDirectScanner` as through libxml2
    /// alone (`usesDirectScanner` off).
    package func readsTheSameWithoutDirectScanner(_ data: Data, entityType: EntityTypeDescriptor, valueType: PropertyType) -> Bool {
        func outcomes(direct: Bool) -> [(values: AnyHashable?, text: String)] {
            var decoder = self
            decoder.usesDirectScanner = direct
            func outcome(_ decode: () throws -> AnyHashable) -> (values: AnyHashable?, text: String) {
                do {
                    let value = try decode()
                    return (value, String(reflecting: value))
                } catch {
                    return (nil, String(reflecting: error))
                }
            }
            return [
                outcome {
                    let list = try decoder.decodeEntityList(data, entityType: entityType)
                    let facts: [AnyHashable?] = [list.entities, list.inlineCount, list.nextLink, list.deltaLink, list.deletedEntryIDs]
                    return facts
                },
                outcome { try decoder.decodeEntity(data, entityType: entityType) },
                outcome { try decoder.decodeValue(data, type: valueType) },
                outcome { try decoder.decodeLinks(data) },
            ]
        }
        // The text compares values that are not equal to themselves (NaN).
        return zip(outcomes(direct: true), outcomes(direct: false)).allSatisfy { direct, libxml2 in
            direct.values == libxml2.values || direct.text == libxml2.text
        }
    }
}
