// swift-tools-version:6.0
// libFuzzer targets for the parsers of swift-odata. One executable per target (`fuzz-<name>`);
// build and run them with `Fuzz/run.sh <name> <seconds>`. Not part of the main package's build.
import Foundation
import PackageDescription

/// The root package's identity is the name of its folder, which depends on where it was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sdk = root.lastPathComponent

let package = Package(
    name: "swift-odata-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // Calls libFuzzer's LLVMFuzzerRunDriver: SwiftPM gives each executable its own `main`, so the
        // targets link libFuzzer's no-main runtime (see run.sh) and start the driver themselves.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "fuzz-metadata",
            dependencies: ["FuzzDriver", .product(name: "ODataMetadata", package: sdk)]
        ),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzDriver", .product(name: "ODataTestSupport", package: sdk)]),
        .executableTarget(name: "fuzz-atom", dependencies: ["FuzzDriver", .product(name: "ODataTestSupport", package: sdk)]),
        .executableTarget(name: "fuzz-envelope", dependencies: ["FuzzDriver", .product(name: "ODataTestSupport", package: sdk)]),
        .executableTarget(name: "fuzz-errors", dependencies: ["FuzzDriver", .product(name: "ODataTestSupport", package: sdk)]),
        .executableTarget(
            name: "fuzz-literal",
            dependencies: ["FuzzDriver", .product(name: "ODataTestSupport", package: sdk)]
        ),
    ]
)
