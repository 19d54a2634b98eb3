import Foundation
import OData

extension CodecFuzzing {
    /// The envelope rules of issue 14 item 1, checked on any input: whatever the JSON and Atom decoders
    /// accept as entities is an OData entry (a URI, a type or a property read: never an empty entity) of
    /// the expected type or one derived from it, and a JSON light body (`odata.metadata`,
    /// `@odata.context` first) is never accepted. A violated rule stops the process (a finding).
    public static func envelope(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let json = ODataJSONDecoder(typeResolver: FuzzModel.resolver)
        let isLight = startsWithLightKey(bytes)
        if let list = try? json.decodeEntityList(data, entityType: FuzzModel.item) {
            precondition(!isLight, "JSON light accepted as a feed")
            list.entities.forEach(checkEntry)
        }
        if let entity = try? json.decodeEntity(data, entityType: FuzzModel.item) {
            precondition(!isLight, "JSON light accepted as an entry")
            checkEntry(entity)
        }
        let atom = ODataAtomDecoder(typeResolver: FuzzModel.resolver)
        if let list = try? atom.decodeEntityList(data, entityType: FuzzModel.item) { list.entities.forEach(checkEntry) }
        if let entity = try? atom.decodeEntity(data, entityType: FuzzModel.item) { checkEntry(entity) }
    }

    static func checkEntry(_ entity: EntityValue) {
        precondition(
            entity.metadata.uri != nil || entity.metadata.typeName != nil
                || entity.values.contains { $0 != nil } || entity.navigationValues.contains { $0 != nil },
            "an empty entity was decoded")
        let expected = FuzzModel.item
        precondition(
            entity.entityType == expected || entity.entityType.derives(from: expected, resolver: FuzzModel.resolver),
            "an entity of unrelated type \(entity.entityType.qualifiedName) was decoded")
    }

    /// Whether the first key of the top-level object is `odata.metadata` or `@odata.context`.
    static func startsWithLightKey(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        let rest = bytes[index...]
        return rest.starts(with: Array("\"odata.metadata\"".utf8)) || rest.starts(with: Array("\"@odata.context\"".utf8))
    }
}
