import XCTest

@testable import OData

/// A hand-written entity in the shape the generator emits, proving the runtime contract.
private struct Person: EntityProtocol {
    static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Test.Person",
        properties: [
            PropertyDescriptor(name: "PersonId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Age", type: .primitive(.int32), index: 1),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Friends", isCollection: true, targetTypeName: "Test.Person", index: 0) {
                Person.entityType
            }
        ],
        keyNames: ["PersonId"]
    )
    static let personID: TypedProperty<String> = TypedProperty<String>(entityType.properties[0])
    static let age: TypedProperty<Int> = TypedProperty<Int>(entityType.properties[1])
    static let friends: TypedNavigationProperty<Person> = TypedNavigationProperty<Person>(entityType.navigationProperties[0])

    var entityValue: EntityValue
    init(entityValue: EntityValue) { self.entityValue = entityValue }

    var personID: String? {
        get { value(of: Self.personID) }
        set { setValue(newValue, for: Self.personID) }
    }
    var age: Int? {
        get { value(of: Self.age) }
        set { setValue(newValue, for: Self.age) }
    }
    var friends: [Person] {
        get { related(Self.friends) }
        set { setRelated(newValue, for: Self.friends) }
    }
}

final class HandWrittenEntityTests: XCTestCase {
    func testStaticDescriptorsAndInstanceValuesShareNames() {
        var person = Person()
        XCTAssertNil(person.personID)
        person.personID = "P1"
        person.age = 42
        XCTAssertEqual(person.personID, "P1")
        XCTAssertEqual(person.age, 42)
        XCTAssertEqual(Person.age.name, "Age")
        XCTAssertEqual(person.entityValue.changedProperties.map(\.name), ["PersonId", "Age"])
        XCTAssertEqual(person.id, EntityKey(["PersonId": .string("P1")]))
    }

    /// `array(from:)` moves the entities of an array it holds alone and copies those of a shared one: both
    /// keep the order, and a shared array is left as it was.
    func testArrayFromKeepsOrderAndLeavesASharedArrayIntact() {
        func people(_ count: Int) -> [EntityValue] {
            (0..<count).map { index in
                var person = Person()
                person.personID = "P\(index)"
                person.age = index
                return person.entityValue
            }
        }
        XCTAssertEqual(Person.array(from: people(5)).map(\.personID), ["P0", "P1", "P2", "P3", "P4"])
        XCTAssertEqual(Person.array(from: people(1)).map(\.age), [0])
        XCTAssertTrue(Person.array(from: []).isEmpty)
        let shared = people(3)
        let wrapped = Person.array(from: shared)
        XCTAssertEqual(wrapped.map(\.personID), ["P0", "P1", "P2"])
        XCTAssertEqual(shared.map { $0[Person.personID.descriptor] }, [.string("P0"), .string("P1"), .string("P2")])
        XCTAssertEqual(wrapped.map(\.entityValue), shared)
    }

    func testCopiesAreIndependent() {
        var original = Person()
        original.age = 1
        var copy = original.copy()
        copy.age = 2
        XCTAssertEqual(original.age, 1)
        XCTAssertEqual(copy.age, 2)
        XCTAssertNotEqual(original, copy)
    }

    func testOldGivesLoadedValues() {
        let loaded = EntityValue(
            type: Person.entityType, loadedValues: [.string("P1"), .int32(30)], navigationValues: [nil],
            metadata: EntityMetadata(etag: "W/\"1\""))
        var person = Person(entityValue: loaded)
        XCTAssertFalse(person.entityValue.hasChanges)
        person.age = 31
        XCTAssertEqual(person.old.age, 30)
        XCTAssertEqual(person.entityValue.changedProperties.map(\.name), ["Age"])
    }

    func testToManyNavigationIsNonOptionalArray() {
        var person = Person()
        XCTAssertEqual(person.friends, [])
        var friend = Person()
        friend.personID = "F"
        person.friends = [friend]
        XCTAssertEqual(person.friends.map(\.personID), ["F"])
        XCTAssertTrue(person.entityValue.isLoaded(Person.friends.descriptor))
    }
}
