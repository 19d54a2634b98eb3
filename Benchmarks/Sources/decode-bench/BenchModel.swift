import OData

/// The benchmark's entity type: 12 properties of mixed types and one navigation property.
enum BenchModel {
    static let category: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Bench.Category",
        properties: [PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true)],
        keyNames: ["ID"])

    static let item: EntityTypeDescriptor = EntityTypeDescriptor(
        qualifiedName: "Bench.Item",
        properties: [
            PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Name", type: .primitive(.string), index: 1, isNullable: false),
            PropertyDescriptor(name: "Description", type: .primitive(.string), index: 2),
            PropertyDescriptor(name: "Price", type: .primitive(.decimal), index: 3, precision: 16, scale: 3),
            PropertyDescriptor(name: "Quantity", type: .primitive(.int64), index: 4),
            PropertyDescriptor(name: "CreatedAt", type: .primitive(.dateTime), index: 5),
            PropertyDescriptor(name: "ModifiedAt", type: .primitive(.dateTimeOffset), index: 6),
            PropertyDescriptor(name: "IsActive", type: .primitive(.boolean), index: 7),
            PropertyDescriptor(name: "Rating", type: .primitive(.double), index: 8),
            PropertyDescriptor(name: "Count", type: .primitive(.int32), index: 9),
            PropertyDescriptor(name: "Code", type: .primitive(.guid), index: 10),
            PropertyDescriptor(name: "Discount", type: .primitive(.decimal), index: 11, precision: 5, scale: 2),
        ],
        navigationProperties: [
            NavigationDescriptor(name: "Category", isCollection: false, targetTypeName: "Bench.Category", index: 0) {
                BenchModel.category
            }
        ],
        keyNames: ["ID"])

    /// The `$metadata` of the benchmark service, for pyodata.
    static let metadataXML = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" \
        xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
          <edmx:DataServices m:DataServiceVersion="2.0">
            <Schema Namespace="Bench" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
              <EntityType Name="Item">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Name" Type="Edm.String" Nullable="false"/>
                <Property Name="Description" Type="Edm.String"/>
                <Property Name="Price" Type="Edm.Decimal" Precision="16" Scale="3"/>
                <Property Name="Quantity" Type="Edm.Int64"/>
                <Property Name="CreatedAt" Type="Edm.DateTime"/>
                <Property Name="ModifiedAt" Type="Edm.DateTimeOffset"/>
                <Property Name="IsActive" Type="Edm.Boolean"/>
                <Property Name="Rating" Type="Edm.Double"/>
                <Property Name="Count" Type="Edm.Int32"/>
                <Property Name="Code" Type="Edm.Guid"/>
                <Property Name="Discount" Type="Edm.Decimal" Precision="5" Scale="2"/>
                <NavigationProperty Name="Category" Relationship="Bench.ItemCategory" FromRole="Item" ToRole="Category"/>
              </EntityType>
              <EntityType Name="Category">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
              </EntityType>
              <Association Name="ItemCategory">
                <End Type="Bench.Item" Multiplicity="*" Role="Item"/>
                <End Type="Bench.Category" Multiplicity="0..1" Role="Category"/>
              </Association>
              <EntityContainer Name="BenchContainer" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Items" EntityType="Bench.Item"/>
                <EntitySet Name="Categories" EntityType="Bench.Category"/>
                <AssociationSet Name="ItemCategories" Association="Bench.ItemCategory">
                  <End EntitySet="Items" Role="Item"/>
                  <End EntitySet="Categories" Role="Category"/>
                </AssociationSet>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
}
