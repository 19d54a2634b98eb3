/// What applies to a whole service, read once from its `$metadata` and reached from each of its entity-set,
/// singleton and operation descriptors: its OData protocol version, which selects the wire format and URL
/// conventions. Generated code holds one per service (`<Service>Metadata.service`, for OData 3.0 and later),
/// `DataModel` one per model it reads; descriptors made without one belong to `ServiceDescriptor.v2`.
public final class ServiceDescriptor: Sendable, CustomStringConvertible {
    /// The protocol version the service speaks (`m:DataServiceVersion` of a v1–v3 document, the EDMX `Version`
    /// of a CSDL 4.x one).
    public let protocolVersion: ODataVersion

    /// A service speaking `protocolVersion`.
    public init(protocolVersion: ODataVersion) {
        self.protocolVersion = protocolVersion
    }

    /// An OData 2.0 service, and the service of every descriptor made without one (`ServiceAdopting.adopt(_:)` takes
    /// it as "no service given" and changes nothing).
    public static let v2 = ServiceDescriptor(protocolVersion: .v2)

    /// The protocol version in words: `OData 4.0 service`.
    public var description: String { "OData \(protocolVersion.rawValue) service" }
}
