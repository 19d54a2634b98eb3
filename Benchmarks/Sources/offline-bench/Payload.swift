import Foundation
import OData

/// The synthetic service of the benchmark: one entity set of 12-property entities, served as JSON pages.
enum BenchService {
    static let root = URL(string: "http://bench.local/svc/")!

    static let metadata = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
          xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
        <edmx:DataServices m:DataServiceVersion="2.0">
        <Schema Namespace="Bench" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
          <EntityType Name="Item"><Key><PropertyRef Name="Id"/></Key>
            <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Name" Type="Edm.String"/>
            <Property Name="Category" Type="Edm.String"/>
            <Property Name="Quantity" Type="Edm.Int32"/>
            <Property Name="Price" Type="Edm.Decimal" Precision="15" Scale="3"/>
            <Property Name="Weight" Type="Edm.Double"/>
            <Property Name="Active" Type="Edm.Boolean"/>
            <Property Name="Created" Type="Edm.DateTime"/>
            <Property Name="Code" Type="Edm.String"/>
            <Property Name="City" Type="Edm.String"/>
            <Property Name="Rank" Type="Edm.Int32"/>
            <Property Name="Note" Type="Edm.String"/>
          </EntityType>
          <EntityContainer Name="BenchContainer" m:IsDefaultEntityContainer="true">
            <EntitySet Name="Items" EntityType="Bench.Item"/>
          </EntityContainer>
        </Schema></edmx:DataServices></edmx:Edmx>
        """

    /// One entity as verbose JSON.
    static func entity(_ id: Int) -> String {
        """
        {"__metadata":{"uri":"\(root.absoluteString)Items(\(id))","type":"Bench.Item","etag":"W/\\"\(id)\\""},\
        "Id":\(id),"Name":"Item \(id * 7919 % 50_000)","Category":"C\(id % 50)","Quantity":\(id % 1000),\
        "Price":"\(id % 997).\(id % 10)50","Weight":\(Double(id % 300) / 7),"Active":\(id % 2 == 0),\
        "Created":"\\/Date(\(1_600_000_000_000 + id * 60_000))\\/","Code":"K-\(id)","City":"City \(id % 200)",\
        "Rank":\(id % 37),"Note":"Some note text for item number \(id)"}
        """
    }

    /// Page `index` of `pageSize` entities out of `total`, with a next link while more remain.
    static func page(_ index: Int, pageSize: Int, total: Int) -> Data {
        let start = index * pageSize
        let ids = start..<min(start + pageSize, total)
        var text = "{\"d\":{\"results\":[" + ids.map(entity).joined(separator: ",") + "]"
        if ids.upperBound < total { text += ",\"__next\":\"\(root.absoluteString)Items?$skiptoken=\(index + 1)\"" }
        return Data((text + "}}").utf8)
    }
}

/// A static in-process server: `$metadata` and the pages of `Items`, prepared in memory beforehand.
struct StaticTransport: ODataTransport {
    /// The pages, made before the clock starts.
    let pages: [Data]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let text = request.url.absoluteString
        if text.hasSuffix("$metadata") {
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data(BenchService.metadata.utf8), url: request.url)
        }
        let index = text.components(separatedBy: "$skiptoken=").dropFirst().first.flatMap { Int($0) } ?? 0
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: pages[index], url: request.url)
    }
}

/// The process's peak resident set (VmHWM) in KB, from /proc (0 where unavailable).
func peakResidentKB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Seconds taken by `body`.
func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
