/// Writes a synthetic CSDL 4.0 `$metadata` document of `typeCount` entity types in the style of SAP's RAP and
/// CAP services: typed properties with facets, key, partner navigation both ways, `Common.Label` annotations on a
/// third of the properties, an enum type, bound actions and functions, entity sets with navigation property
/// bindings; the v4 counterpart of `LargeDocument` (same property mix per type).
///
/// The annotations stand inline in their properties, or with `annotationsInBlocks` in one `<Annotations Target="…">`
/// block each at the end of the schema, as CAP, RAP and S/4HANA Cloud write them (the corpus documents of all three
/// have one inline annotation each and 64, 740 and 1,963 in blocks; Dataverse's has all of its 765 inline).
enum LargeDocumentV4 {
    static func make(typeCount: Int, annotationsInBlocks: Bool = false) -> String {
        let kinds = [
            #"Type="Edm.String" MaxLength="40""#,
            #"Type="Edm.Decimal" Precision="16" Scale="3""#,
            #"Type="Edm.Date""#,
            #"Type="Edm.DateTimeOffset" Precision="7""#,
            #"Type="Edm.Boolean""#,
            #"Type="Edm.Guid""#,
            #"Type="Edm.Int32""#,
            #"Type="Edm.TimeOfDay""#,
        ]
        var types = ""
        var sets = ""
        var operations = ""
        var blocks = ""
        for index in 0..<typeCount {
            let name = "A_BusinessObject\(index)Type"
            types += """
                  <EntityType Name="\(name)">
                    <Key><PropertyRef Name="ObjectID"/><PropertyRef Name="ItemNo"/></Key>
                    <Property Name="ObjectID" Type="Edm.String" Nullable="false" MaxLength="10"/>
                    <Property Name="ItemNo" Type="Edm.String" Nullable="false" MaxLength="6"/>
                    <Property Name="Status" Type="BENCH_SRV.Status"/>

                """
            for property in 0..<22 {
                let kind = kinds[property % kinds.count]
                if property % 3 == 0, annotationsInBlocks {
                    types += "        <Property Name=\"Field\(property)\" \(kind)/>\n"
                    blocks += """
                              <Annotations Target="BENCH_SRV.\(name)/Field\(property)">
                                <Annotation Term="Common.Label" String="Field \(property) of object \(index)"/>
                              </Annotations>

                        """
                } else if property % 3 == 0 {
                    types += """
                                <Property Name="Field\(property)" \(kind)>
                                  <Annotation Term="Common.Label" String="Field \(property) of object \(index)"/>
                                </Property>

                        """
                } else {
                    types += "        <Property Name=\"Field\(property)\" \(kind)/>\n"
                }
            }
            if index > 0 {
                types += """
                            <NavigationProperty Name="to_Parent" Type="BENCH_SRV.A_BusinessObject\(index - 1)Type" Partner="to_Children">
                              <ReferentialConstraint Property="ObjectID" ReferencedProperty="ObjectID"/>
                            </NavigationProperty>

                    """
            }
            if index < typeCount - 1 {
                types += """
                            <NavigationProperty Name="to_Children" Type="Collection(BENCH_SRV.A_BusinessObject\(index + 1)Type)" Partner="to_Parent"/>

                    """
            }
            types += "      </EntityType>\n"
            sets += "        <EntitySet Name=\"A_BusinessObject\(index)\" EntityType=\"BENCH_SRV.\(name)\">\n"
            if index > 0 { sets += "          <NavigationPropertyBinding Path=\"to_Parent\" Target=\"A_BusinessObject\(index - 1)\"/>\n" }
            if index < typeCount - 1 {
                sets += "          <NavigationPropertyBinding Path=\"to_Children\" Target=\"A_BusinessObject\(index + 1)\"/>\n"
            }
            sets += "        </EntitySet>\n"
            if index % 10 == 0 {
                operations += """
                          <Action Name="Release" IsBound="true">
                            <Parameter Name="_it" Type="BENCH_SRV.\(name)" Nullable="false"/>
                            <ReturnType Type="BENCH_SRV.\(name)" Nullable="false"/>
                          </Action>
                          <Function Name="CountItems" IsBound="true">
                            <Parameter Name="_it" Type="BENCH_SRV.\(name)" Nullable="false"/>
                            <ReturnType Type="Edm.Int32" Nullable="false"/>
                          </Function>

                    """
            }
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:Reference Uri="https://sap.github.io/odata-vocabularies/vocabularies/Common.xml">
                <edmx:Include Namespace="com.sap.vocabularies.Common.v1" Alias="Common"/>
              </edmx:Reference>
              <edmx:DataServices>
                <Schema Namespace="BENCH_SRV" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EnumType Name="Status" UnderlyingType="Edm.Byte">
                    <Member Name="Open" Value="0"/><Member Name="Released" Value="1"/><Member Name="Closed" Value="2"/>
                  </EnumType>
            \(types)\(operations)      <EntityContainer Name="BENCH_SRV_Entities">
            \(sets)        <ActionImport Name="Reset" Action="BENCH_SRV.Reset"/>
                  </EntityContainer>
                  <Action Name="Reset"/>
            \(blocks)    </Schema>
              </edmx:DataServices>
            </edmx:Edmx>

            """
    }
}
