import Foundation
import OData

/// Entry points for the codec fuzz targets (`Fuzz/`) and for the tests that replay their failure cases.
/// Each function feeds one input through a decoder with a model that uses every kind of property.
/// Thrown errors are expected; a crash, a hang or a sanitizer report is a bug.
public enum CodecFuzzing {
    /// Decodes `bytes` as verbose JSON in every shape, and re-encodes what decodes; stops unless reading it
    /// as a streamed page, in pieces, gives what decoding it whole gives (or an error).
    public static func json(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let decoder = ODataJSONDecoder(typeResolver: FuzzModel.resolver)
        let encoder = ODataJSONEncoder()
        if let list = try? decoder.decodeEntityList(data, entityType: FuzzModel.item) {
            for entity in list.entities.prefix(8) {
                checkCompactStorage(entity)
                _ = encoder.encodeForCreate(entity)
                _ = encoder.encodeForUpdate(entity, mode: .replace)
            }
        }
        _ = try? decoder.decodeEntity(data, entityType: FuzzModel.item)
        _ = try? decoder.decodeValue(data, type: .complex(FuzzModel.address))
        _ = try? decoder.decodeValue(data, type: .primitiveCollection(.decimal))
        _ = try? decoder.decodeLinks(data)
        _ = ODataErrorBody.parse(data, contentType: "application/json")
        for pieceSize in [1, 1 + bytes.count / 3] {
            precondition(
                decoder.readsTheSameInPieces(data, entityType: FuzzModel.item, pieceSize: pieceSize),
                "reading the feed in pieces of \(pieceSize) bytes gave other entries than reading it whole")
        }
    }

    /// Decodes `bytes` as Atom in every shape, and stops unless the direct scanner reads it as libxml2 does and
    /// reading it as a streamed page, in pieces (libxml2's push parser), gives what decoding it whole gives.
    public static func atom(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let decoder = ODataAtomDecoder(typeResolver: FuzzModel.resolver)
        if let list = try? decoder.decodeEntityList(data, entityType: FuzzModel.item) {
            list.entities.prefix(8).forEach(checkCompactStorage)
        }
        _ = try? decoder.decodeEntity(data, entityType: FuzzModel.item)
        _ = try? decoder.decodeValue(data, type: .complexCollection(FuzzModel.address))
        _ = try? decoder.decodeLinks(data)
        precondition(
            decoder.readsTheSameWithoutDirectScanner(data, entityType: FuzzModel.item, valueType: .complexCollection(FuzzModel.address)),
            "the Atom reader's direct scanner and libxml2 read the input differently")
        for pieceSize in [1, 1 + bytes.count / 3] {
            precondition(
                decoder.readsTheSameInPieces(data, entityType: FuzzModel.item, pieceSize: pieceSize),
                "reading the Atom feed in pieces of \(pieceSize) bytes gave other entries than reading it whole")
        }
    }

    /// Stops (a finding) unless the entity equals, and hashes like, the same entity rebuilt from its public
    /// views with every string stored whole: derived navigation links and shared URI prefixes must be
    /// invisible.
    static func checkCompactStorage(_ entity: EntityValue) {
        let metadata = entity.metadata
        let whole = EntityMetadata(
            uri: metadata.uri.map { String(decoding: Array($0.utf8), as: UTF8.self) }, editLink: metadata.editLink,
            etag: metadata.etag, mediaReadLink: metadata.mediaReadLink, mediaEditLink: metadata.mediaEditLink,
            mediaContentType: metadata.mediaContentType, mediaETag: metadata.mediaETag, typeName: metadata.typeName,
            inlineFeeds: metadata.inlineFeeds)
        precondition(whole == metadata && whole.hashValue == metadata.hashValue, "metadata differs from its whole form")
        let type = entity.entityType
        let states = entity.navigationValues
        let built = EntityValue(type: type, loadedValues: entity.values, navigationValues: states, metadata: whole)
        var set = EntityValue(
            type: type, loadedValues: entity.values, navigationValues: Array(repeating: nil, count: states.count), metadata: whole)
        for navigation in type.navigationProperties { set[navigation] = entity[navigation] }
        for rebuilt in [built, set] {
            precondition(rebuilt == entity && rebuilt.navigationValues == states, "entity differs from its whole form")
        }
    }

    /// Parses `bytes` as an error body, as JSON, as XML and by sniffing.
    public static func errorBody(_ bytes: [UInt8]) {
        let data = Data(bytes)
        for type in ["application/json", "application/xml", nil] as [String?] {
            let body = ODataErrorBody.parse(data, contentType: type)
            _ = body.description
        }
    }
}

/// The model the fuzz targets decode into: every primitive type, a nested complex type, collections,
/// to-one and to-many navigation to itself, a derived type and an unrelated one.
enum FuzzModel {
    static let address: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "Fuzz.Address",
        properties: [
            PropertyDescriptor(name: "Street", type: .primitive(.string), index: 0),
            PropertyDescriptor(name: "Geo", type: .complex(geo), index: 1),
            PropertyDescriptor(name: "Tags", type: .primitiveCollection(.string), index: 2),
        ])
    static let geo: ComplexTypeDescriptor = ComplexTypeDescriptor(
        qualifiedName: "Fuzz.Geo",
        properties: [
            PropertyDescriptor(name: "Lat", type: .primitive(.double), index: 0),
            PropertyDescriptor(name: "Lon", type: .primitive(.single), index: 1),
        ])

    static func properties() -> [PropertyDescriptor] {
        var list = EdmType.allCases.enumerated().map { index, type in
            PropertyDescriptor(name: String(type.rawValue.dropFirst(4)), type: .primitive(type), index: index)
        }
        let next = list.count
        list.append(PropertyDescriptor(name: "Address", type: .complex(address), index: next))
        list.append(PropertyDescriptor(name: "Addresses", type: .complexCollection(address), index: next + 1))
        list.append(PropertyDescriptor(name: "Numbers", type: .primitiveCollection(.int64), index: next + 2))
        return list
    }

    static func navigations() -> [NavigationDescriptor] {
        [
            NavigationDescriptor(name: "Parent", isCollection: false, targetTypeName: "Fuzz.Item", index: 0) { FuzzModel.item },
            NavigationDescriptor(name: "Children", isCollection: true, targetTypeName: "Fuzz.Item", index: 1) { FuzzModel.item },
        ]
    }

    static let item: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Fuzz.Item", properties: properties(), navigationProperties: navigations(), keyNames: ["Int32"],
        hasStream: true)

    static let special: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Fuzz.Special",
        properties: properties() + [PropertyDescriptor(name: "Extra", type: .primitive(.string), index: properties().count)],
        navigationProperties: navigations(), keyNames: ["Int32"], baseTypeName: "Fuzz.Item")

    /// A type not derived from `item`: naming it in `__metadata.type` of an item is an error.
    static let other: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Fuzz.Other", properties: [PropertyDescriptor(name: "Int32", type: .primitive(.int32), index: 0)],
        keyNames: ["Int32"])

    static let resolver: @Sendable (String) -> EntityTypeDescriptor? = { name in
        switch name {
        case "Fuzz.Item": return item
        case "Fuzz.Special": return special
        case "Fuzz.Other": return other
        default: return nil
        }
    }
}
