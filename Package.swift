// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "arbor",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "arbor", targets: ["arbor"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(
            name: "ArborCore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // App code is read with the compiler's own parser (swift-syntax), `#if` decided by
        // SwiftIfConfig and operators folded by SwiftOperators, as the compiler does.
        .target(
            name: "ArborLanguage",
            dependencies: [
                "ArborCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
            ]
        ),
        // An app's migrations (Swift source) → GRDB's schema calls → a database built by GRDB's migrator.
        .target(
            name: "ArborMigrations",
            dependencies: [
                "ArborCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "ArborSession",
            dependencies: [
                "ArborCore", "ArborLanguage", "ArborMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The system's ncursesw on Linux; on macOS Homebrew's `ncurses` (keg-only), found through
        // pkg-config (PKG_CONFIG_PATH=$(brew --prefix ncurses)/lib/pkgconfig).
        .systemLibrary(
            name: "CNCursesW", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"]), .brew(["ncurses"])]),
        // The ncurses interface; only its NCursesTerminal.swift imports CNCursesW.
        .target(
            name: "ArborTerminal",
            dependencies: [
                "ArborSession", "ArborCore", "ArborLanguage", "CNCursesW",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "arbor",
            dependencies: [
                "ArborSession", "ArborTerminal", "ArborCore", "ArborLanguage", "ArborMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target shares: temporary files that remove themselves, the demo
        // session, SQL-parity and screen assertions, the process and tmux harnesses.
        .target(
            name: "ArborTestSupport",
            dependencies: [
                "ArborCore", "ArborLanguage", "ArborSession", "ArborTerminal", "ArborMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Tests/ArborTestSupport"
        ),
        .testTarget(
            name: "ArborCoreTests",
            dependencies: ["ArborCore", "ArborTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // libFuzzer's C interface, for ArborFuzz.
        .target(name: "CLibFuzzer"),
        // A regression runner normally; the libFuzzer target with `-D ARBOR_FUZZ` (scripts/fuzz.sh).
        .executableTarget(
            name: "ArborFuzz",
            dependencies: [
                "ArborCore", "ArborLanguage", "ArborSession", "CLibFuzzer",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ArborLanguageTests",
            dependencies: [
                "ArborLanguage", "ArborCore", "ArborTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The migration stage on its own: Swift source in, schema calls and GRDB's database out.
        .testTarget(
            name: "ArborMigrationsTests",
            dependencies: [
                "ArborMigrations", "ArborCore", "ArborTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ArborSessionTests",
            dependencies: [
                "ArborSession", "ArborCore", "ArborLanguage", "ArborTestSupport", "ArborMigrations",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ArborTerminalTests",
            dependencies: [
                "ArborTerminal", "ArborSession", "ArborCore", "ArborLanguage", "ArborTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Start-up and keystroke timings of the interface: `swift run -c release TerminalBenchmarks`.
        .executableTarget(
            name: "TerminalBenchmarks", dependencies: ["ArborTerminal", "ArborSession"],
            path: "Benchmarks/TerminalBenchmarks"),
        // The engine's figures against raw SQLite and the sqlite3 shell: `Benchmarks/run.sh`.
        .executableTarget(
            name: "ArborBenchmarks",
            dependencies: [
                "ArborSession", "ArborCore", "ArborLanguage", "ArborMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // swift-syntax's parser alone, the reference loading is measured against.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Benchmarks/Engine"
        ),
        // Drives the real binary: `arbor` must be built first (`swift test` builds it).
        .testTarget(name: "EndToEndTests", dependencies: ["arbor", "ArborTestSupport"]),
    ]
)

// Every Swift file imports what it uses: a module imported by one file is not
// visible to the others (SE-0444), so each file's imports say its dependencies.
for target in package.targets where target.type != .system && target.name != "CLibFuzzer" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
