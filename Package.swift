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
        // `atk report`'s configuration file (YAML, with line and column of every node).
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
    ],
    targets: [
        // zlib, for gzip dumps and gzip output (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libzstd, for zstd-compressed dumps (Debian: libzstd-dev).
        .systemLibrary(
            name: "CZstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // The JSON scanner's vector byte scans (SSE2, NEON or plain C), inlined into ATKCore.
        .target(name: "CScan"),
        // ISA-L's igzip, the fast inflater for gzip dumps (Debian: libisal-dev); zlib stays the
        // judge of damaged members and the writer of gzip output.
        .systemLibrary(
            name: "CISAL",
            providers: [.apt(["libisal-dev"])]
        ),
        // Pure engines, free of I/O: JSON Schema (tracking plans), element identifiers from responder
        // chains, ClickHouse-exact funnels, and the linear-time regular expressions the schema's
        // `pattern` and the funnel's `~` share (the only dependency between engines).
        .target(name: "ATKRegex"),
        // Cross-module optimization lets ATKCore's analyses specialize the schema validator for
        // the tape instance (no generic metadata or witness calls per value).
        .target(
            name: "ATKSchema", dependencies: ["ATKRegex"],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        .target(name: "ATKElements"),
        .target(name: "ATKFunnel", dependencies: ["ATKRegex"]),
        // Reading, parsing, the event model and every analysis. No printing, no exit.
        .target(
            name: "ATKCore",
            dependencies: ["CZlib", "CZstd", "CISAL", "CScan", "ATKSchema", "ATKElements", "ATKFunnel"]
        ),
        // `atk generate`: the synthetic dump generator, its simulated app and the truth it counts.
        // Demo and test tooling on top of the core; the core does not depend on it.
        .target(name: "ATKGenerate", dependencies: ["ATKCore"]),
        // The command-line layer: argument parsing, output formatting, exit codes.
        .target(
            name: "ATKCommands",
            dependencies: [
                "ATKCore",
                "ATKFunnel",
                "ATKGenerate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "atk", dependencies: ["ATKCommands"]),
        // `make conformance`: the official JSON-Schema-Test-Suite against ATKSchema.
        .executableTarget(name: "atk-conformance", dependencies: ["ATKSchema", "ATKCore"]),
        // `make funnel-diff`: the funnel engine's levels for Tools/funnel_diff.py to compare with ClickHouse.
        .executableTarget(name: "atk-funnel-oracle", dependencies: ["ATKFunnel"]),
        // `make fuzz`: libFuzzer targets, the line parser and every analysis with its reports
        // (Docs/fuzzing.md). Without the fuzzer flags it builds a replayer of crash inputs.
        .target(name: "ATKFuzz", dependencies: ["ATKCore", "ATKFunnel", "ATKGenerate", "ATKCommands"]),
        // libFuzzer's driver, declared; linked by -sanitize=fuzzer in fuzz builds only.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "atk-fuzz", dependencies: ["ATKFuzz", "CLibFuzzer"]),
        .testTarget(name: "ATKRegexTests", dependencies: ["ATKRegex"]),
        .testTarget(name: "ATKSchemaTests", dependencies: ["ATKSchema"]),
        .testTarget(name: "ATKElementsTests", dependencies: ["ATKElements"]),
        .testTarget(name: "ATKFunnelTests", dependencies: ["ATKFunnel"]),
        .testTarget(
            name: "ATKCoreTests", dependencies: ["ATKCore", "ATKGenerate", "ATKFuzz", "CZstd", "CZlib", "CScan"],
            exclude: ["Fuzz/Inputs"]
        ),
        .testTarget(name: "ATKGenerateTests", dependencies: ["ATKGenerate", "ATKCore"]),
        .testTarget(name: "ATKCommandsTests", dependencies: ["ATKCommands"]),
        .testTarget(name: "ATKEndToEndTests", dependencies: ["atk", "CZstd"]),
    ]
)
