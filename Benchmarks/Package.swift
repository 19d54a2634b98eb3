// swift-tools-version:6.0
// Benchmarks of swift-odata (not tests): one executable per benchmark, built in release mode, kept out
// of the root package so that `swift build` there compiles only the product. Run them through the
// scripts beside this file (see Benchmarks/README.md), for example `bash Benchmarks/metadata-vs-pyodata.sh`.
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, which depends on where it was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sdk = root.lastPathComponent

let package = Package(
    name: "swift-odata-benchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "metadata-bench", dependencies: [.product(name: "ODataMetadata", package: sdk)]),
        .executableTarget(
            name: "codegen-bench",
            dependencies: [.product(name: "ODataCodeGen", package: sdk), .product(name: "ODataMetadata", package: sdk)]
        ),
        .executableTarget(
            name: "decode-bench",
            dependencies: [.product(name: "OData", package: sdk), .product(name: "ODataTestSupport", package: sdk)]
        ),
        .executableTarget(name: "query-bench", dependencies: [.product(name: "OData", package: sdk)]),
        .executableTarget(name: "sdk-cpu-bench", dependencies: [.product(name: "OData", package: sdk)]),
        .target(
            name: "BenchESPM",
            dependencies: [.product(name: "OData", package: sdk)],
            plugins: [.plugin(name: "ODataGenerator", package: sdk)]
        ),
        // The benchmark service of decode-bench and transport-bench's big page, generated (`BenchContainer`, `Item`),
        // and an application's reads of it in a module of their own (typed-bench, transport-bench's typed variants).
        .target(
            name: "BenchItems",
            dependencies: [.product(name: "OData", package: sdk)],
            plugins: [.plugin(name: "ODataGenerator", package: sdk)]
        ),
        .target(name: "TypedReads", dependencies: ["BenchItems", .product(name: "OData", package: sdk)]),
        .executableTarget(
            name: "typed-bench",
            dependencies: ["BenchItems", "TypedReads", .product(name: "OData", package: sdk)]
        ),
        .executableTarget(
            name: "property-access-bench",
            dependencies: ["BenchESPM", .product(name: "OData", package: sdk)]
        ),
        // The raw libcurl loop of transport-bench reaches libcurl through the SDK's C shims (one header).
        .systemLibrary(name: "CCurlBench", pkgConfig: "libcurl"),
        .executableTarget(
            name: "transport-bench",
            dependencies: [
                "BenchItems", "CCurlBench", "TypedReads", .product(name: "OData", package: sdk),
                .product(name: "ODataCurl", package: sdk),
            ]
        ),
        // The hand-written SQLite reference of offline-bench reaches SQLite through the SDK's shim header: the same
        // SQLCipher library as ODataOffline (it exports libsqlite3's symbols, so one process links only one of them).
        .systemLibrary(name: "CSQLiteBench", pkgConfig: "sqlcipher"),
        .executableTarget(
            name: "offline-bench",
            dependencies: [
                "CSQLiteBench", .product(name: "OData", package: sdk), .product(name: "ODataMetadata", package: sdk),
                .product(name: "ODataOffline", package: sdk),
            ]
        ),
    ]
)
