// swift-tools-version:6.2
import PackageDescription

/// One settings array for every target: Swift 6 mode plus the upcoming features the model codebases adopt.
let settings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ribsd",
    platforms: [.macOS(.v15), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "ribsd", targets: ["ribsd"]),
        .library(name: "RIBs", targets: ["RIBs"]),
        .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
        .library(name: "Flows", targets: ["Flows"]),
        .library(name: "AppHosting", targets: ["AppHosting"]),
        .library(name: "BuiltinApps", targets: ["BuiltinApps"]),
        .library(name: "DeclaredApps", targets: ["DeclaredApps"]),
        .library(name: "SessionService", targets: ["SessionService"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "Locking", targets: ["Locking"]),
        .library(name: "SessionStorage", targets: ["SessionStorage"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "RibsdClient", targets: ["RibsdClient"]),
        .executable(name: "ribsd-watch", targets: ["ribsd-watch"]),
        .library(name: "RedisStore", targets: ["RedisStore"]),
    ],
    targets: [
        // C
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // What Swift cannot call in libmicrohttpd directly (variadic functions, cast macros), and the request-head scanner.
        // DWARF 4: clang writes DWARF 5 by default, and with it in the binary valgrind 3.19 (Debian 12's, which
        // bench/callgrind.sh runs) gives up on the whole file's debug info and does not start.
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // hiredis (Debian's libhiredis-dev, which scripts/install-deps installs) sits on the default paths. No
        // pkgConfig: its .pc file adds -D_FILE_OFFSET_BITS=64, which SwiftPM drops with a warning on every build.
        .systemLibrary(name: "CHiredis"),
        // Transport: the only module that imports libmicrohttpd and the shim.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "Locking"], swiftSettings: settings),
        // Storage: the seam sessions reach their records through (pure), and the engines behind it, each the
        // only module that imports its C library.
        .target(name: "SessionStorage", swiftSettings: settings),
        .target(name: "SQLiteStore", dependencies: ["CSQLite", "SessionStorage", "Locking"], swiftSettings: settings),
        .target(name: "RedisStore", dependencies: ["CHiredis", "SessionStorage", "Locking"], swiftSettings: settings),
        // The one lock type: pthread-backed, so ThreadSanitizer sees it (it cannot see Synchronization.Mutex).
        .target(name: "Locking", swiftSettings: settings),
        // Pure navigation core.
        .target(name: "HeadlessUI", swiftSettings: settings),
        .target(name: "RIBs", dependencies: ["HeadlessUI", "Locking"], swiftSettings: settings),
        .target(name: "Flows", dependencies: ["HeadlessUI"], swiftSettings: settings),
        // The app model the service hosts: events, app registry, state JSON. Pure.
        .target(name: "AppHosting", dependencies: ["RIBs", "HeadlessUI", "Flows", "Locking"], swiftSettings: settings),
        .target(name: "BuiltinApps", dependencies: ["AppHosting", "RIBs", "HeadlessUI", "Flows"], swiftSettings: settings),
        // Apps declared in JSON files, loaded at start: RIB trees and flows as data. Pure; its `Embedded` folder
        // links the app file schema in docs/.
        .target(
            name: "DeclaredApps", dependencies: ["AppHosting", "RIBs", "HeadlessUI", "Flows"], exclude: ["Embedded"],
            swiftSettings: settings, plugins: ["EmbedFiles"]),
        // Sessions over HTTP.
        .target(
            name: "SessionService",
            dependencies: ["AppHosting", "DeclaredApps", "HTTPServer", "Locking", "SessionStorage", "SQLiteStore", "RedisStore"],
            exclude: ["Embedded"], swiftSettings: settings, plugins: ["EmbedFiles"]),
        // Text files compiled in at build time (the OpenAPI document, the viewer's page, script and style).
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .executableTarget(name: "EmbedFilesTool", path: "Plugins/EmbedFilesTool"),
        .executableTarget(name: "ribsd", dependencies: ["SessionService", "BuiltinApps"], swiftSettings: settings),
        // What README shows: a user's own app served next to the built-in ones.
        .executableTarget(
            name: "ribsd-hello",
            dependencies: ["SessionService", "BuiltinApps", "AppHosting", "RIBs", "HeadlessUI"],
            path: "Examples/HelloApp",
            swiftSettings: settings
        ),
        // A client of the HTTP contract, and a terminal UI on it; neither depends on another ribsd module.
        .target(name: "RibsdClient", swiftSettings: settings),
        .executableTarget(name: "ribsd-watch", dependencies: ["RibsdClient"], swiftSettings: settings),
        // In-process microbenchmarks (scripts/bench builds them in release).
        .executableTarget(
            name: "ribsd-bench",
            dependencies: ["SessionService", "BuiltinApps", "DeclaredApps", "AppHosting", "HTTPServer", "Locking", "TestSupport"],
            path: "Benchmarks/RibsBench",
            swiftSettings: settings
        ),
        // libFuzzer entry over event decoding and dispatch (scripts/fuzz builds it with -sanitize=fuzzer).
        .executableTarget(
            name: "FuzzEvents",
            dependencies: ["BuiltinApps", "AppHosting", "HeadlessUI"],
            path: "Fuzz/FuzzEvents",
            swiftSettings: settings
        ),

        // What several test targets and the benchmarks share (screen snapshots, threads, open files, loopback
        // sockets, a seeded generator); not a product.
        .target(name: "TestSupport", dependencies: ["HeadlessUI"], path: "Tests/TestSupport", swiftSettings: settings),
        // The records and the write script every store's tests hold their engine to.
        .target(name: "StoreRecordFixtures", dependencies: ["SessionStorage"], path: "Tests/StoreRecordFixtures", swiftSettings: settings),
        .testTarget(
            name: "SQLiteStoreTests", dependencies: ["SQLiteStore", "SessionStorage", "StoreRecordFixtures"], swiftSettings: settings),
        .testTarget(
            name: "RedisStoreTests", dependencies: ["RedisStore", "SessionStorage", "Locking", "StoreRecordFixtures"],
            swiftSettings: settings),
        .testTarget(name: "LockingTests", dependencies: ["Locking", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Locking", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "HeadlessUITests", dependencies: ["HeadlessUI", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "RIBsTests", dependencies: ["RIBs", "HeadlessUI", "TestSupport"], swiftSettings: settings),
        .testTarget(name: "FlowsTests", dependencies: ["Flows", "HeadlessUI"], swiftSettings: settings),
        .testTarget(name: "AppHostingTests", dependencies: ["AppHosting", "RIBs", "HeadlessUI", "Locking"], swiftSettings: settings),
        .testTarget(name: "BuiltinAppsTests", dependencies: ["BuiltinApps", "AppHosting"], swiftSettings: settings),
        .testTarget(
            name: "DeclaredAppsTests",
            dependencies: ["DeclaredApps", "BuiltinApps", "AppHosting", "SessionService", "RIBs", "HeadlessUI", "Flows", "TestSupport"],
            swiftSettings: settings),
        .testTarget(name: "RibsdClientTests", dependencies: ["RibsdClient", "ribsd-watch", "Locking"], swiftSettings: settings),
        .testTarget(
            name: "SessionServiceTests",
            dependencies: [
                "SessionService", "BuiltinApps", "AppHosting", "HTTPServer", "RIBs", "HeadlessUI", "Flows", "Locking", "TestSupport",
                "SessionStorage", "SQLiteStore", "RedisStore",
            ],
            swiftSettings: settings
        ),
    ]
)
