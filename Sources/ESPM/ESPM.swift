// The ESPM module: typed proxies for SAP's ESPM sample service (`com.sap.edm.sampleservice.v2`).
//
// Every declaration of this module is generated at build time by the ODataGenerator build plugin from
// `ESPM.xml`, a symbolic link to `Metadata/ESPM.xml` (the single copy of the metadata in this
// repository): `ESPMContainer<Provider>`, `ESPMContainerMetadata`, one struct per entity type
// (`Customer`, `SalesOrderHeader`, …) and the complex type `Address`. To see the generated code, run
// `swift run odata-gen generate Metadata/ESPM.xml --output <dir>` (the goldens in
// Tests/ODataCodeGenTests/Resources/golden/ESPM show the same declarations laid out one per file).
//
// SwiftPM needs at least one source file in a target before plugins run; this is it.
