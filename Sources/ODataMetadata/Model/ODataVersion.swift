/// The OData protocol version a `$metadata` document is written for: `DataServiceVersion` of an EDMX 1.0
/// document (OData 1.0–3.0), or the `Version` of an EDMX 4.0 root (OData 4.0 and 4.01).
public enum ODataVersion: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    /// OData 1.0.
    case v1 = "1.0"
    /// OData 2.0.
    case v2 = "2.0"
    /// OData 3.0 (the same EDMX namespace as 2.0, CSDL 3.0 constructs).
    case v3 = "3.0"
    /// OData 4.0 (CSDL XML 4.0).
    case v4 = "4.0"
    /// OData 4.01 (CSDL XML 4.01).
    case v401 = "4.01"

    /// Whether the document is CSDL XML 4.0 or later (the `docs.oasis-open.org` namespaces).
    public var isV4: Bool { self >= .v4 }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Orders versions: 1.0 < 2.0 < 3.0 < 4.0 < 4.01.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// The version of a document from its EDMX `Version` and its `m:DataServiceVersion`: an EDMX 4.x root gives
    /// its own version; an EDMX 1.0 document gives its data-service version (`1.0` when absent or unknown).
    public init(edmxVersion: String, dataServiceVersion: String?) {
        if edmxVersion.hasPrefix("4") {
            self = ODataVersion(rawValue: edmxVersion) ?? .v4
        } else {
            self = dataServiceVersion.flatMap { ODataVersion(rawValue: $0) }.flatMap { $0.isV4 ? nil : $0 } ?? .v1
        }
    }
}
