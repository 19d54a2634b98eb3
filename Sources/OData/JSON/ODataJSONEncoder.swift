import Foundation

/// Encodes entities as OData v2 verbose JSON request bodies for create and update.
///
/// - Create (`POST`): every loaded property; loaded navigation properties become a deep insert,
///   except related entities that already exist on the server (they have `metadata.uri`), which are
///   bound by reference: `{"Customer":{"__metadata":{"uri":"Customers('1')"}}}`.
/// - Update: `MERGE`/`PATCH` send only the properties changed since load; `PUT` sends every loaded
///   property. Navigation properties are not sent with updates.
///
/// Values use their v2 forms: Decimal and Int64 as strings, `\/Date(ms)\/`, `\/Date(ms+offset)\/`,
/// Edm.Time as `PT…`, Binary as base64. A derived type is named in `__metadata.type`.
///
/// ## Sub-millisecond date-times
///
/// `\/Date(ms)\/` ([MS-ODATA] 2.2.6.3.1) carries whole milliseconds, while `Edm.DateTime` and
/// `Edm.DateTimeOffset` hold 100-ns ticks (Atom and SAP Gateway keep 7 fractional digits). The
/// encoder never rounds: a value with sub-millisecond ticks is written in ISO 8601 with all 7 digits
/// (`"2024-01-02T03:04:05.1234567"`), which this SDK's decoder, pyslet and SAP Gateway read; a server
/// that accepts only `\/Date()\/` refuses it with an error instead of storing a different value.
/// Values in whole milliseconds keep the `\/Date()\/` form. To send `\/Date()\/` always, round the
/// value to milliseconds yourself (for example with `LocalDateTime(millisecondsSince1970:)`).
public struct ODataJSONEncoder: Sendable {
    /// How Edm.DateTimeOffset values are written.
    public enum DateTimeOffsetForm: Sendable, Hashable {
        /// `\/Date(ms+offset)\/`, ms the UTC instant and the offset in minutes (the v2 verbose form).
        case jsonDate
        /// ISO 8601 with the offset, `2024-01-02T03:04:05+01:00` (accepted by servers that reject the other form).
        case iso8601
    }

    /// How Edm.DateTimeOffset values are written; `.jsonDate` by default.
    public var dateTimeOffsetForm: DateTimeOffsetForm

    /// An encoder.
    public init(dateTimeOffsetForm: DateTimeOffsetForm = .jsonDate) {
        self.dateTimeOffsetForm = dateTimeOffsetForm
    }

    private func makeWriter() -> JSONWriter {
        var writer = JSONWriter()
        writer.isoDateTimeOffsets = dateTimeOffsetForm == .iso8601
        return writer
    }

    /// The body for creating `entity` (`POST` to its entity set or a navigation).
    public func encodeForCreate(_ entity: EntityValue) -> Data {
        var writer = makeWriter()
        writeCreate(entity, into: &writer, depth: 0)
        return Data(writer.bytes)
    }

    /// The body for updating `entity` with `mode`.
    public func encodeForUpdate(_ entity: EntityValue, mode: UpdateMode) -> Data {
        var writer = makeWriter()
        writer.byte(UInt8(ascii: "{"))
        var first = true
        writeTypeIfDerived(entity, into: &writer, first: &first)
        switch mode {
        case .merge, .patch:
            for property in entity.changedProperties {
                writeProperty(property, of: entity, into: &writer, first: &first)
            }
        case .replace:
            for property in entity.entityType.properties {
                writeProperty(property, of: entity, into: &writer, first: &first)
            }
        }
        writer.byte(UInt8(ascii: "}"))
        return Data(writer.bytes)
    }

    /// The body of a `$links` request binding an entity by URI: `{"uri":"…"}`.
    public func encodeLink(uri: String) -> Data {
        var writer = makeWriter()
        writer.raw("{\"uri\":")
        writer.string(uri)
        writer.byte(UInt8(ascii: "}"))
        return Data(writer.bytes)
    }

    /// The body of an action call ([MS-ODATA] 2.2.3.6.5): one JSON object with a member per argument, named as the
    /// parameter and holding its verbose JSON form (`{"ProductID":"5","Rating":4}`); arguments without a value are
    /// left out, which the service reads as null.
    public func encodeActionParameters(_ arguments: [(name: String, value: EdmValue?)]) -> Data {
        var writer = makeWriter()
        writer.byte(UInt8(ascii: "{"))
        var first = true
        for argument in arguments {
            guard let value = argument.value else { continue }
            writer.key(argument.name, first: &first)
            writer.value(value)
        }
        writer.byte(UInt8(ascii: "}"))
        return Data(writer.bytes)
    }

    /// A single value as JSON (a primitive's JSON form, a complex object, or a collection).
    public func encodeValue(_ value: EdmValue) -> Data {
        var writer = makeWriter()
        writer.value(value)
        return Data(writer.bytes)
    }

    private func writeCreate(_ entity: EntityValue, into writer: inout JSONWriter, depth: Int) {
        writer.byte(UInt8(ascii: "{"))
        var first = true
        writeTypeIfDerived(entity, into: &writer, first: &first)
        for property in entity.entityType.properties {
            writeProperty(property, of: entity, into: &writer, first: &first)
        }
        // Entities refer to each other by value only, so the depth is finite; the bound guards against mistakes.
        guard depth < 32 else {
            writer.byte(UInt8(ascii: "}"))
            return
        }
        for navigation in entity.entityType.navigationProperties {
            switch entity[navigation] {
            case .entity(let related?):
                writer.key(navigation.name, first: &first)
                writeRelated(related, into: &writer, depth: depth)
            case .entities(let related) where !related.isEmpty:
                writer.key(navigation.name, first: &first)
                writer.byte(UInt8(ascii: "["))
                for (index, element) in related.enumerated() {
                    if index > 0 { writer.byte(UInt8(ascii: ",")) }
                    writeRelated(element, into: &writer, depth: depth)
                }
                writer.byte(UInt8(ascii: "]"))
            default: continue
            }
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// An existing entity (with a URI) as a link binding, a new one as a nested create.
    private func writeRelated(_ related: EntityValue, into writer: inout JSONWriter, depth: Int) {
        if let uri = related.metadata.uri {
            writer.raw("{\"__metadata\":{\"uri\":")
            writer.string(uri)
            writer.raw("}}")
        } else {
            writeCreate(related, into: &writer, depth: depth + 1)
        }
    }

    private func writeProperty(
        _ property: PropertyDescriptor, of entity: EntityValue, into writer: inout JSONWriter, first: inout Bool
    ) {
        guard let value = entity[property] else { return }
        writer.key(property.name, first: &first)
        writer.value(value)
    }

    private func writeTypeIfDerived(_ entity: EntityValue, into writer: inout JSONWriter, first: inout Bool) {
        guard entity.entityType.baseTypeName != nil else { return }
        writer.key("__metadata", first: &first)
        writer.raw("{\"type\":")
        writer.string(entity.entityType.qualifiedName)
        writer.byte(UInt8(ascii: "}"))
    }
}
