import Dispatch
import Foundation
import ODataMetadata
import XCTest

@testable import OData
@testable import ODataCodeGen

/// Writes the service forbids do not compile; `sap:requires-filter` sets need a filter; the dynamic API
/// checks the same at run time.
final class CapabilityTests: XCTestCase {
    static let document = TestSupport.edmx(
        types: """
            <EntityType Name="Thing"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
            <Annotations Target="T.C/Vocabulary" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <Annotation Term="Org.OData.Capabilities.V1.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
              <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
            </Annotations>
            """,
        container: """
            <EntitySet Name="Writable" EntityType="T.Thing"/>
            <EntitySet Name="ReadOnly" EntityType="T.Thing" sap:creatable="false" sap:updatable="false" sap:deletable="false"/>
            <EntitySet Name="Vocabulary" EntityType="T.Thing"/>
            <EntitySet Name="Filtered" EntityType="T.Thing" sap:requires-filter="true"/>
            """)

    func testTheSetHandlesCarryTheirCapabilities() throws {
        let text = try TestSupport.file(try TestSupport.generate(Self.document), "+CMetadata.swift")
        let allowed = "OData.SetPermissions.Allowed"
        let forbidden = "OData.SetPermissions.Forbidden"
        XCTAssertContains(text, "public static var writable: OData.TypedEntitySet<Thing, \(allowed), \(allowed), \(allowed)>")
        XCTAssertContains(text, "public static var readOnly: OData.TypedEntitySet<Thing, \(forbidden), \(forbidden), \(forbidden)>")
        XCTAssertContains(text, "public static var vocabulary: OData.TypedEntitySet<Thing, \(forbidden), \(allowed), \(forbidden)>")
        XCTAssertContains(
            text, "OData.EntitySetDescriptor(name: \"Vocabulary\", entityType: Thing.entityType, isCreatable: false, isDeletable: false)")
        XCTAssertContains(text, "OData.EntitySetDescriptor(name: \"Filtered\", entityType: Thing.entityType, requiresFilter: true)")
        let service = try TestSupport.file(try TestSupport.generate(Self.document), "+C.swift")
        XCTAssertContains(
            service,
            "open func fetchFiltered(\n        filter: OData.QueryFilter,\n        matching query: OData.DataQuery = OData.DataQuery(),")
    }

    /// The allowed calls compile; each forbidden one fails to compile, with the reason in the compiler's message.
    func testForbiddenWritesAndUnfilteredReadsDoNotCompile() throws {
        let files = try TestSupport.generate(Self.document).files
        func usage(_ body: String) -> GeneratedFile {
            GeneratedFile(
                name: "Usage.swift",
                contents: """
                    import OData
                    func use(_ service: C<OData.OnlineODataProvider>, _ thing: Thing) async throws {
                    \(body)
                    }

                    """)
        }
        let allowed = usage(
            """
                _ = try await service.createEntity(thing, in: CMetadata.Sets.writable)
                _ = try await service.updateEntity(thing, in: CMetadata.Sets.writable)
                try await service.deleteEntity(thing, in: CMetadata.Sets.writable)
                _ = try await service.updateEntity(thing, in: CMetadata.Sets.vocabulary)
                _ = try await service.fetchFiltered(filter: Thing.id.equal(1))
            """)
        let forbidden = [
            "    _ = try await service.createEntity(thing, in: CMetadata.Sets.readOnly)",
            "    _ = try await service.updateEntity(thing, in: CMetadata.Sets.readOnly)",
            "    try await service.deleteEntity(thing, in: CMetadata.Sets.readOnly)",
            "    _ = try await service.createEntity(thing, in: CMetadata.Sets.vocabulary)",
            "    _ = try await service.fetchFiltered()",
        ]
        // What the compiler says: the handle's permission is not `Allowed`, or the filter is missing.
        let reasons = [
            "to expected argument type 'TypedEntitySet<Thing, SetPermissions.Allowed,",
            "to expected argument type 'TypedEntitySet<Thing, SetPermissions.Forbidden, SetPermissions.Allowed,",
            "to expected argument type 'TypedEntitySet<Thing, SetPermissions.Forbidden, SetPermissions.Forbidden, SetPermissions.Allowed>'",
            "value of type 'TypedEntitySet<Thing, SetPermissions.Forbidden, SetPermissions.Allowed, SetPermissions.Forbidden>'",
            "missing argument for parameter 'filter' in call",
        ]
        let jobs = [allowed] + forbidden.map(usage)
        let results = Results(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do {
                results.set(index, try Compiler.typecheck(files + [jobs[index]], moduleName: "Capabilities"))
            } catch {
                results.set(index, "could not run swiftc: \(error)")
            }
        }
        XCTAssertNil(results.get(0), "the allowed calls must compile")
        for (offset, call) in forbidden.enumerated() {
            let problem = try XCTUnwrap(results.get(offset + 1), "must not compile: \(call)")
            XCTAssertTrue(problem.contains("error:"), problem)
            XCTAssertContains(problem, reasons[offset])
        }
    }

    func testTheDynamicAPIChecksAtRunTime() async throws {
        let document = try Data(contentsOf: try TestSupport.resource("patches/pyodata_EXAMPLE_SRV.xml"))
        let model = try DataModel(document: document, patches: [])
        let master = try model.entitySet("MasterEntities")
        XCTAssertThrowsError(try master.checkAllows(.create)) {
            XCTAssertEqual(($0 as? ODataError)?.kind, .invalidRequest)
            XCTAssertEqual(
                ($0 as? ODataError)?.message,
                "entity set MasterEntities does not allow create (sap:creatable=\"false\" or Capabilities.InsertRestrictions/Insertable false)"
            )
        }
        let filtered = try model.entitySet("CitiesWithFilter")
        XCTAssertThrowsError(try DataQuery().from(filtered).checkEntitySetCapabilities()) {
            XCTAssertEqual(
                ($0 as? ODataError)?.message,
                "entity set CitiesWithFilter does not allow reads without $filter "
                    + "(sap:requires-filter=\"true\" or Capabilities.FilterRestrictions/RequiresFilter true)")
        }
        XCTAssertNoThrow(
            try DataQuery().from(filtered).filter(.property("Name").equal(.literal(.string("x")))).checkEntitySetCapabilities())
        // The provider refuses before sending anything (nothing listens on port 9 of 127.0.0.1).
        let provider = OnlineODataProvider(serviceName: "S", serviceRoot: URL(string: "http://127.0.0.1:9/")!)
        do {
            _ = try await provider.send(.createEntity(model.newEntity(of: master), in: master))
            XCTFail("a create in a read-only set must fail")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
        }
        do {
            _ = try await provider.send(.fetchEntities(DataQuery().from(filtered), options: RequestOptions()), headers: HTTPHeaders())
            XCTFail("an unfiltered read of a requires-filter set must fail")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
        }
    }
}

/// Results of concurrent compiler runs, by index.
final class Results: @unchecked Sendable {
    private var values: [String?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: String?) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> String? { lock.withLock { values[index] } }
}
