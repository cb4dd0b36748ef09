// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "atk",
    products: [
        .executable(name: "atk", targets: ["atk"]),
        .library(name: "ATKCore", targets: ["ATKCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // zlib, the one system dependency (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Reading, parsing, the event model and every analysis. No printing, no exit.
        .target(
            name: "ATKCore",
            dependencies: ["CZlib"]
        ),
        // The command-line layer: argument parsing, output formatting, exit codes.
        .target(
            name: "ATKCommands",
            dependencies: [
                "ATKCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "atk", dependencies: ["ATKCommands"]),
        .testTarget(name: "ATKCoreTests", dependencies: ["ATKCore"]),
        .testTarget(name: "ATKEndToEndTests", dependencies: ["atk"]),
    ]
)
