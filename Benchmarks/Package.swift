// swift-tools-version:6.0
// Benchmarks of swift-odata (not tests): one executable per benchmark, built in release mode.
// Run them through the scripts beside this file, for example `bash Benchmarks/metadata-vs-pyodata.sh`.
import PackageDescription

let package = Package(
    name: "swift-odata-benchmarks",
    dependencies: [.package(name: "swift-odata", path: "..")],
    targets: [
        .executableTarget(
            name: "metadata-bench",
            dependencies: [.product(name: "ODataMetadata", package: "swift-odata")]
        )
    ]
)
