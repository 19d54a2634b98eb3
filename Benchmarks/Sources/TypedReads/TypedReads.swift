import BenchItems
import OData

/// What an application does with a page it fetched: read every property of every entity once, through the
/// generated accessors (`item.name`) or, on the dynamic path, through the type's descriptors. A module of its
/// own, as application code is: generated code is not inlined into it beyond what the runtime makes inlinable.
public enum TypedReads {
    /// Reads the 12 properties of each item once and folds them into a checksum (so that no read is dropped).
    public static func readEveryProperty(_ items: [Item]) -> Int {
        var sum = 0
        for item in items {
            sum &+= item.id ?? 0
            sum &+= item.name?.utf8.count ?? 0
            sum &+= item.description1?.utf8.count ?? 0
            sum &+= item.price?.scale ?? 0
            sum &+= Int(truncatingIfNeeded: item.quantity ?? 0)
            sum &+= Int(truncatingIfNeeded: item.createdAt?.millisecondsSince1970 ?? 0)
            sum &+= Int(truncatingIfNeeded: item.modifiedAt?.millisecondsSince1970 ?? 0)
            sum &+= item.isActive == true ? 1 : 0
            sum &+= Int(item.rating ?? 0)
            sum &+= item.count ?? 0
            sum &+= Int(item.code?.uuid.uuid.0 ?? 0)
            sum &+= item.discount?.scale ?? 0
        }
        return sum
    }

    /// The same reads on untyped entities (`entity[descriptor]`, an `EdmValue?` per property): the dynamic
    /// path's equivalent, with the checksum of the value kinds.
    public static func readEveryProperty(_ entities: [EntityValue]) -> Int {
        var sum = 0
        for entity in entities {
            for property in entity.entityType.properties where entity[property]?.isNull == false { sum &+= property.index }
        }
        return sum
    }
}
