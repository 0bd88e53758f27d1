// swift-tools-version:6.1
// Benchmarks for vigord, a package of their own so `swift test` at the root does not build them.
// They use only what the root package exports for everyone: the VigorRPC client library and the
// executables. Run them with `Benchmarks/run NAME` (see Benchmarks/README.md).

import PackageDescription

let package = Package(
    name: "vigord-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "vigord", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "vigor-bench",
            dependencies: [
                .product(name: "VigorRPC", package: "vigord"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
