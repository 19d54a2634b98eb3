import Foundation
import ODataMetadata

@testable import OData

/// The OData 3.0 document that `scripts/servers/v3_server.py` serves (`CATALOG_METADATA` there; keep the two
/// alike): an enum type, an enum-keyed entity type, actions, functions and a service operation.
enum CatalogV3 {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="3.0" m:MaxDataServiceVersion="3.0"
              xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="Catalog.Model" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
              <EnumType Name="Color" UnderlyingType="Edm.Int32">
                <Member Name="Red" Value="0"/>
                <Member Name="Green" Value="1"/>
                <Member Name="Blue" Value="2"/>
              </EnumType>
              <EntityType Name="Product">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Name" Type="Edm.String"/>
                <Property Name="Color" Type="Catalog.Model.Color" Nullable="false"/>
                <Property Name="Rating" Type="Edm.Int32"/>
              </EntityType>
              <EntityType Name="Swatch">
                <Key><PropertyRef Name="Color"/></Key>
                <Property Name="Color" Type="Catalog.Model.Color" Nullable="false"/>
                <Property Name="Label" Type="Edm.String"/>
              </EntityType>
              <EntityContainer Name="CatalogContainer" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Products" EntityType="Catalog.Model.Product"/>
                <EntitySet Name="Swatches" EntityType="Catalog.Model.Swatch"/>
                <FunctionImport Name="Rate" ReturnType="Edm.Int32">
                  <Parameter Name="ProductID" Type="Edm.Int32" Nullable="false"/>
                  <Parameter Name="Rating" Type="Edm.Int32" Nullable="false"/>
                  <Parameter Name="Comment" Type="Edm.String"/>
                  <Parameter Name="RatedAt" Type="Edm.DateTime"/>
                  <Parameter Name="Weight" Type="Edm.Int64"/>
                </FunctionImport>
                <FunctionImport Name="Discontinue"/>
                <FunctionImport Name="TopRated" ReturnType="Collection(Catalog.Model.Product)" EntitySet="Products"
                    IsSideEffecting="false">
                  <Parameter Name="MinRating" Type="Edm.Int32" Nullable="false"/>
                </FunctionImport>
                <FunctionImport Name="ProductsInColor" ReturnType="Collection(Catalog.Model.Product)" EntitySet="Products"
                    IsSideEffecting="false">
                  <Parameter Name="Color" Type="Catalog.Model.Color" Nullable="false"/>
                </FunctionImport>
                <FunctionImport Name="Archive" ReturnType="Edm.Boolean" m:HttpMethod="POST">
                  <Parameter Name="Year" Type="Edm.Int32" Nullable="false"/>
                </FunctionImport>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    /// The parsed document.
    static func metadata() throws -> ServiceMetadata { try MetadataParser.parse(Data(document.utf8)) }

    /// The runtime model of the document (the dynamic API's descriptors).
    static func model() throws -> DataModel { try DataModel(metadata: metadata()) }
}
