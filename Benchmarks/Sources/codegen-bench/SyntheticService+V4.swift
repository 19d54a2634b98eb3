/// The synthetic service as a CSDL 4.0 document of the same size and shape (`types` entity types with
/// `properties` properties, a string key, one set per type, a to-many navigation to the next type), written
/// with what v4 services use: v4 primitives (`Edm.Date`, `Edm.TimeOfDay`, `Edm.Duration`), enum-typed
/// (one of them flags) and type-definition properties, navigation property bindings, per type one bound
/// function and, every fifth type, a bound action on the set; a singleton, a function import and an action import.
extension SyntheticService {
    static let v4Types = [
        "Edm.String", "Edm.Int32", "Edm.Decimal", "Edm.Date", "Edm.Boolean", "Edm.Int64", "Edm.Double",
        "Edm.Guid", "Edm.DateTimeOffset", "Edm.TimeOfDay", "S.Status", "S.Amount", "Edm.Duration", "S.Rights",
    ]

    static func edmx4(types: Int, properties: Int) -> String {
        var schema = """
            <EnumType Name="Status"><Member Name="Draft"/><Member Name="Active"/><Member Name="Closed"/></EnumType>
            <EnumType Name="Rights" IsFlags="true"><Member Name="Read" Value="1"/><Member Name="Write" Value="2"/></EnumType>
            <TypeDefinition Name="Amount" UnderlyingType="Edm.Decimal" Precision="15" Scale="3"/>
            """
        var container = ""
        for t in 0..<types {
            let next = (t + 1) % types
            schema += "<EntityType Name=\"Entity\(t)\">"
            schema += "<Key><PropertyRef Name=\"Entity\(t)Id\"/></Key>"
            schema += "<Property Name=\"Entity\(t)Id\" Type=\"Edm.String\" Nullable=\"false\" MaxLength=\"10\"/>"
            for p in 1..<properties {
                let type = v4Types[(t + p) % v4Types.count]
                let facets = type == "Edm.Decimal" ? " Precision=\"15\" Scale=\"3\"" : ""
                schema += "<Property Name=\"Field_\(p)_Name\" Type=\"\(type)\"\(facets)/>"
            }
            schema += "<NavigationProperty Name=\"Next\" Type=\"Collection(S.Entity\(next))\"/>"
            schema += "</EntityType>"
            schema += "<Function Name=\"Related\(t)\" IsBound=\"true\"><Parameter Name=\"In\" Type=\"S.Entity\(t)\"/>"
            schema += "<Parameter Name=\"Top\" Type=\"Edm.Int32\"/><ReturnType Type=\"Collection(S.Entity\(next))\"/></Function>"
            if t % 5 == 0 {
                schema += "<Action Name=\"Close\(t)\" IsBound=\"true\"><Parameter Name=\"In\" Type=\"Collection(S.Entity\(t))\"/>"
                schema += "<Parameter Name=\"Reason\" Type=\"S.Status\" Nullable=\"false\"/></Action>"
            }
            container += "<EntitySet Name=\"Entity\(t)Set\" EntityType=\"S.Entity\(t)\">"
            container += "<NavigationPropertyBinding Path=\"Next\" Target=\"Entity\(next)Set\"/></EntitySet>"
        }
        schema +=
            "<Function Name=\"Search\"><Parameter Name=\"Text\" Type=\"Edm.String\"/><ReturnType Type=\"Collection(S.Entity0)\"/></Function>"
        schema += "<Action Name=\"Reset\"><Parameter Name=\"Status\" Type=\"S.Status\"/></Action>"
        container += "<Singleton Name=\"Current\" Type=\"S.Entity0\"/>"
        container +=
            "<FunctionImport Name=\"Search\" Function=\"S.Search\" EntitySet=\"Entity0Set\"/><ActionImport Name=\"Reset\" Action=\"S.Reset\"/>"
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
            <edmx:DataServices>
            <Schema Namespace="S" xmlns="http://docs.oasis-open.org/odata/ns/edm">
            \(schema)
            <EntityContainer Name="SyntheticService">\(container)</EntityContainer>
            </Schema>
            </edmx:DataServices>
            </edmx:Edmx>
            """
    }
}
