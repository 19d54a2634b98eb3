// swift-tools-version:6.0
// A separate package that uses this repository the way a user would: as a path dependency, with the
// ODataGenerator build plugin on a target that holds one metadata document and a configuration file.
// Run by Tests/PluginIntegration/run.sh (part of the test command).
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, which depends on where it was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent

let package = Package(
    name: "PluginIntegration",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(
            name: "DemoService",
            dependencies: [.product(name: "OData", package: rootIdentity)],
            plugins: [.plugin(name: "ODataGenerator", package: rootIdentity)]
        ),
        // Top-level `try await` against a container generated with the default configuration (run.sh runs it).
        .executableTarget(
            name: "TopLevelTool",
            dependencies: [.product(name: "OData", package: rootIdentity)],
            plugins: [.plugin(name: "ODataGenerator", package: rootIdentity)]
        ),
        // SAP-style synchronous code with the opt-in: `sapCompatibility` in the configuration and the
        // ODataSAPCompatibility product (run.sh runs it).
        .executableTarget(
            name: "PortedTool",
            dependencies: [
                .product(name: "OData", package: rootIdentity), .product(name: "ODataSAPCompatibility", package: rootIdentity),
            ],
            plugins: [.plugin(name: "ODataGenerator", package: rootIdentity)]
        ),
        .testTarget(
            name: "DemoServiceTests",
            dependencies: [
                "DemoService", .product(name: "OData", package: rootIdentity),
                .product(name: "ODataTestSupport", package: rootIdentity),
            ],
            resources: [.copy("Resources")]
        ),
    ]
)
