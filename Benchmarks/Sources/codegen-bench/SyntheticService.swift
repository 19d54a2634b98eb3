/// A synthetic OData v2 service: `types` entity types with `properties` properties each (mixed Edm types,
/// a string key), one entity set per type, and a to-many navigation from each type to the next.
enum SyntheticService {
    static let primitives = [
        "Edm.String", "Edm.Int32", "Edm.Decimal", "Edm.DateTime", "Edm.Boolean", "Edm.Int64", "Edm.Double",
        "Edm.Guid", "Edm.DateTimeOffset", "Edm.Time", "Edm.Int16", "Edm.Byte",
    ]

    static func edmx(types: Int, properties: Int) -> String {
        var schema = ""
        var container = ""
        for t in 0..<types {
            let next = (t + 1) % types
            schema += "<EntityType Name=\"Entity\(t)\" sap:label=\"Entity number \(t)\">"
            schema += "<Key><PropertyRef Name=\"Entity\(t)Id\"/></Key>"
            schema += "<Property Name=\"Entity\(t)Id\" Type=\"Edm.String\" Nullable=\"false\" MaxLength=\"10\"/>"
            for p in 1..<properties {
                let type = primitives[(t + p) % primitives.count]
                let facets = type == "Edm.Decimal" ? " Precision=\"15\" Scale=\"3\"" : ""
                schema += "<Property Name=\"Field_\(p)_Name\" Type=\"\(type)\"\(facets) sap:label=\"Field \(p)\"/>"
            }
            schema += "<NavigationProperty Name=\"Next\" Relationship=\"S.Link\(t)\" FromRole=\"From\" ToRole=\"To\"/>"
            schema += "</EntityType>"
            schema += "<Association Name=\"Link\(t)\"><End Type=\"S.Entity\(t)\" Multiplicity=\"1\" Role=\"From\"/>"
            schema += "<End Type=\"S.Entity\(next)\" Multiplicity=\"*\" Role=\"To\"/></Association>"
            container += "<EntitySet Name=\"Entity\(t)Set\" EntityType=\"S.Entity\(t)\"/>"
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
            <edmx:DataServices m:DataServiceVersion="2.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="S" xmlns="http://schemas.microsoft.com/ado/2008/09/edm" xmlns:sap="http://www.sap.com/Protocols/SAPData">
            \(schema)
            <EntityContainer Name="SyntheticService" m:IsDefaultEntityContainer="true">\(container)</EntityContainer>
            </Schema>
            </edmx:DataServices>
            </edmx:Edmx>
            """
    }
}
