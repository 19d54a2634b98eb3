// The BusinessPartnerAPI module: typed proxies for mock-sap's S/4HANA `API_BUSINESS_PARTNER_SRV`
// service, used by the integration tests to drive mock-sap through generated code.
//
// Every declaration of this module is generated at build time by the ODataGenerator build plugin from
// `API_BUSINESS_PARTNER_SRV.edmx` (the service's `$metadata` as served by mock-sap 0.22.0, see
// ../README.md) and `odata-generator-config.json`: `BusinessPartnerService<Provider>`,
// `BusinessPartnerServiceMetadata` and one struct per entity type (`ABusinessPartnerType`,
// `ABusinessPartnerAddressType`, `ABusinessPartnerRoleType`, `ABusinessPartnerBankType`).
//
// SwiftPM needs at least one source file in a target before plugins run; this is it.
