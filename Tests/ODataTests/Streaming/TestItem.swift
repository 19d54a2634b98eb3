import Foundation
import OData

/// The entity type of the streaming tests' feeds (and of `SlowFeedServer`'s): `Test.Item` with an `Int32`
/// key `ID` and a `String` `Name`.
enum TestItem {
    static let type = EntityTypeDescriptor(
        qualifiedName: "Test.Item",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1),
        ], keyNames: ["ID"])
}
