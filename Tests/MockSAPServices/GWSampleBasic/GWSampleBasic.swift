// The GWSampleBasic module: typed proxies for mock-sap's `IWBEP/GWSAMPLE_BASIC` service, used by the
// integration tests to drive mock-sap through generated code.
//
// Every declaration of this module is generated at build time by the ODataGenerator build plugin from
// `GWSAMPLE_BASIC.edmx` (the service's `$metadata` as served by mock-sap 0.22.0, see ../README.md) and
// `odata-generator-config.json`: `GWSampleBasicService<Provider>`, `GWSampleBasicServiceMetadata`, one
// struct per entity type (`BusinessPartner`, `Contact`, `Product`, `SalesOrder`, `SalesOrderLineItem`)
// and the complex type `CTAddress`.
//
// SwiftPM needs at least one source file in a target before plugins run; this is it.
