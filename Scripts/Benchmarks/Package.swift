// swift-tools-version:6.1
// Benchmarks for vigord, kept out of the main package so `swift test` does not build them.
// Run: Scripts/benchmark (see Docs/performance.md).

import PackageDescription

let package = Package(
    name: "vigord-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "vigord", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "vigor-bench",
            dependencies: [
                .product(name: "VigorRPC", package: "vigord"),
                .product(name: "GhostEngine", package: "vigord"),
                .product(name: "GhostScheduling", package: "vigord"),
                .product(name: "HealthImport", package: "vigord"),
                .product(name: "HealthExportGenerator", package: "vigord"),
                .product(name: "Calendar", package: "vigord"),
                .product(name: "Store", package: "vigord"),
                .product(name: "VigorDaemon", package: "vigord"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
