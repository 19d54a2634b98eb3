/// Writes a synthetic SAP-style `$metadata` document of about `targetBytes`: entity types with
/// `sap:` annotated properties, associations, navigation properties, sets and function imports.
enum LargeDocument {
    static func make(targetBytes: Int) -> String {
        var types: [String] = []
        var associations: [String] = []
        var sets: [String] = []
        var associationSets: [String] = []
        var size = 0
        var index = 0
        while size < targetBytes {
            let name = "A_BusinessObject\(index)Type"
            var type = """
                  <EntityType Name="\(name)" sap:label="Business object \(index)" sap:content-version="1">
                    <Key><PropertyRef Name="ObjectID"/><PropertyRef Name="ItemNo"/></Key>
                    <Property Name="ObjectID" Type="Edm.String" Nullable="false" MaxLength="10" sap:display-format="UpperCase" sap:label="Object" sap:quickinfo="Object identifier"/>
                    <Property Name="ItemNo" Type="Edm.String" Nullable="false" MaxLength="6" sap:display-format="NonNegative" sap:label="Item"/>

                """
            let kinds = [
                #"Type="Edm.String" MaxLength="40" sap:label="Description""#,
                #"Type="Edm.Decimal" Precision="16" Scale="3" sap:unit="Unit" sap:label="Amount""#,
                #"Type="Edm.DateTime" Precision="0" sap:display-format="Date" sap:label="Date""#,
                #"Type="Edm.DateTimeOffset" Precision="7" sap:label="Changed at" sap:creatable="false" sap:updatable="false""#,
                #"Type="Edm.Boolean" sap:label="Flag" sap:filterable="false""#,
                #"Type="Edm.Guid" sap:label="UUID""#,
                #"Type="Edm.Int32" sap:label="Count" sap:sortable="false""#,
                #"Type="Edm.Time" Precision="0" sap:label="Time""#,
            ]
            for property in 0..<22 {
                type +=
                    "        <Property Name=\"Field\(property)\" \(kinds[property % kinds.count]) sap:quickinfo=\"Field \(property) of object \(index)\"/>\n"
            }
            if index > 0 {
                let association = "assoc_\(index)"
                type +=
                    "        <NavigationProperty Name=\"to_Parent\" Relationship=\"BENCH_SRV.\(association)\" FromRole=\"FromRole_\(association)\" ToRole=\"ToRole_\(association)\"/>\n"
                associations.append(
                    """
                          <Association Name="\(association)" sap:content-version="1">
                            <End Type="BENCH_SRV.\(name)" Multiplicity="*" Role="FromRole_\(association)"/>
                            <End Type="BENCH_SRV.A_BusinessObject\(index - 1)Type" Multiplicity="0..1" Role="ToRole_\(association)"/>
                          </Association>
                    """)
                associationSets.append(
                    """
                            <AssociationSet Name="\(association)_set" Association="BENCH_SRV.\(association)" sap:creatable="false">
                              <End EntitySet="A_BusinessObject\(index)" Role="FromRole_\(association)"/>
                              <End EntitySet="A_BusinessObject\(index - 1)" Role="ToRole_\(association)"/>
                            </AssociationSet>
                    """)
            }
            type += "      </EntityType>\n"
            sets.append("        <EntitySet Name=\"A_BusinessObject\(index)\" EntityType=\"BENCH_SRV.\(name)\" sap:content-version=\"1\"/>")
            size += type.utf8.count + 900
            types.append(type)
            index += 1
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
              <edmx:DataServices m:DataServiceVersion="2.0">
                <Schema Namespace="BENCH_SRV" xml:lang="en" sap:schema-version="1" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
            \(types.joined())\(associations.joined(separator: "\n"))
                  <EntityContainer Name="BENCH_SRV_Entities" m:IsDefaultEntityContainer="true">
            \(sets.joined(separator: "\n"))
            \(associationSets.joined(separator: "\n"))
                    <FunctionImport Name="Release" ReturnType="BENCH_SRV.A_BusinessObject0Type" EntitySet="A_BusinessObject0" m:HttpMethod="POST">
                      <Parameter Name="ObjectID" Type="Edm.String" Mode="In" MaxLength="10"/>
                    </FunctionImport>
                  </EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>

            """
    }
}
