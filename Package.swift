// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "swift-odata",
    products: [
        .library(name: "OData", targets: ["OData"]),
        .library(name: "ODataMetadata", targets: ["ODataMetadata"]),
        .library(name: "ODataCodeGen", targets: ["ODataCodeGen"]),
        .library(name: "ODataOffline", targets: ["ODataOffline"]),
        .library(name: "ODataTestSupport", targets: ["ODataTestSupport"]),
        .library(name: "ODataCurl", targets: ["ODataCurl"]),
        .library(name: "ODataSAPCompatibility", targets: ["ODataSAPCompatibility"]),
        // Deprecated: the old name of ODataSAPCompatibility, kept for one release (it re-exports it).
        .library(name: "ODataSynchronous", targets: ["ODataSynchronous"]),
        .executable(name: "odata-gen", targets: ["odata-gen"]),
        .plugin(name: "ODataGenerator", targets: ["ODataGenerator"]),
        .plugin(name: "GenerateODataSources", targets: ["GenerateODataSources"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "ODataMetadata",
            dependencies: ["CLibXML2"]
        ),
        .target(
            name: "OData",
            dependencies: ["ODataMetadata", "CLibXML2"]
        ),
        // SQLCipher 4.x (the store refuses an older engine at run time). Debian 13 and Ubuntu: libsqlcipher-dev;
        // Debian 12: libsqlcipher-dev from bookworm-backports. scripts/install-deps.sh installs it either way.
        .systemLibrary(
            name: "CSQLCipher",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        .target(
            name: "ODataOffline",
            dependencies: ["OData", "ODataMetadata", "CSQLCipher"]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "ODataCurl",
            dependencies: ["OData", "CCurl"]
        ),
        .target(
            name: "ODataSAPCompatibility",
            dependencies: ["OData", "ODataMetadata"]
        ),
        .target(
            name: "ODataSynchronous",
            dependencies: ["ODataSAPCompatibility"]
        ),
        .target(
            name: "ODataTestSupport",
            dependencies: ["OData"]
        ),
        .target(
            name: "ODataCodeGen",
            dependencies: ["ODataMetadata"]
        ),
        .executableTarget(
            name: "odata-gen",
            dependencies: ["ODataCodeGen", "ODataMetadata"]
        ),
        .plugin(
            name: "ODataGenerator",
            capability: .buildTool(),
            dependencies: ["odata-gen"]
        ),
        .plugin(
            name: "GenerateODataSources",
            capability: .command(
                intent: .custom(
                    verb: "generate-odata-sources",
                    description: "Generate typed Swift sources from each target's OData metadata into a Generated folder next to it"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated sources into the target's Generated folder")]
            ),
            dependencies: ["odata-gen"]
        ),
        .target(
            name: "ESPM",
            dependencies: ["OData"],
            plugins: ["ODataGenerator"]
        ),
        .target(
            name: "SAPCompatibleESPM",
            dependencies: ["OData", "ODataSAPCompatibility"],
            path: "Tests/SAPCompatibleESPM",
            plugins: ["ODataGenerator"]
        ),
        .target(
            name: "GWSampleBasic",
            dependencies: ["OData"],
            path: "Tests/MockSAPServices/GWSampleBasic",
            plugins: ["ODataGenerator"]
        ),
        .target(
            name: "BusinessPartnerAPI",
            dependencies: ["OData"],
            path: "Tests/MockSAPServices/BusinessPartner",
            plugins: ["ODataGenerator"]
        ),
        .executableTarget(
            name: "espm-demo",
            dependencies: ["ESPM", "OData", "ODataOffline"],
            exclude: ["Seed"]
        ),
        .testTarget(
            name: "ESPMTests",
            dependencies: [
                "ESPM", "OData", "ODataTestSupport", "ODataSAPCompatibility", "ODataSynchronous", "SAPCompatibleESPM",
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ODataMetadataTests",
            dependencies: ["ODataMetadata"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ODataTests",
            dependencies: ["OData", "ODataMetadata", "ODataTestSupport"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "ESPM", "OData", "ODataCurl", "ODataSAPCompatibility", "ODataTestSupport", "GWSampleBasic", "BusinessPartnerAPI",
                "SAPCompatibleESPM",
            ]
        ),
        .testTarget(
            name: "ODataOfflineTests",
            dependencies: ["ODataOffline", "OData", "ODataCurl", "ODataMetadata", "ODataTestSupport", "ESPM", "GWSampleBasic"]
        ),
        .testTarget(
            name: "ODataCodeGenTests",
            dependencies: ["ODataCodeGen", "ODataMetadata", "OData", "ODataSAPCompatibility", "ODataTestSupport"],
            resources: [.copy("Resources")]
        ),
    ]
)
