// swift-tools-version:6.0
import PackageDescription

// Dependencies point inward: the domain knows nothing of files, text or views;
// every system call goes through the platform layer (PlingsPlatform);
// the log depends on the domain; the catalog (PlingsText) words the domain's
// and the log's values in each language; the views depend on the domain and
// the catalog; the kit ties them together; the CLI is a library that tests
// drive directly; the executables are thin.
// The library's hot code is compiled optimised in debug builds too: the default `swift test` replays,
// rebuilds and compares generated logs, and unoptimised Swift runs those loops some ten times slower.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Plings",
    products: [
        .library(name: "PlingsKit", targets: ["PlingsKit"]),
        .library(name: "PlingsSync", targets: ["PlingsSync"]),
        .executable(name: "plings", targets: ["plings"]),
        .executable(name: "plings-bench", targets: ["plings-bench"]),
    ],
    targets: [
        // glibc's mmap threshold, for PlingsPlatform only (a static inline C function, a no-op elsewhere).
        .target(name: "CPlingsMemory"),
        .target(name: "PlingsPlatform", dependencies: ["CPlingsMemory"]),
        // The domain: the standard library only (no C, no pointers into a log's bytes).
        .target(name: "PlingsDomain", swiftSettings: optimisedInDebug),
        // A cache prefetch hint for the log's fast reader and replay (a static inline C function, a no-op where unsupported).
        .target(name: "CPlingsPrefetch"),
        // SHA-256 with the CPU's SHA instructions, chosen at run time; plain C
        // flags, per-function target attributes, so it builds everywhere.
        .target(name: "CPlingsSHA"),
        .target(
            name: "PlingsLog", dependencies: ["PlingsDomain", "CPlingsPrefetch", "CPlingsSHA", "PlingsPlatform"],
            swiftSettings: optimisedInDebug),
        .target(
            name: "PlingsText", dependencies: ["PlingsDomain", "PlingsLog", "PlingsPlatform"],
            swiftSettings: optimisedInDebug),
        .target(
            name: "PlingsViews", dependencies: ["PlingsDomain", "PlingsText", "CPlingsPrefetch"],
            swiftSettings: optimisedInDebug),
        .target(
            name: "PlingsKit",
            dependencies: ["PlingsDomain", "PlingsLog", "PlingsPlatform", "PlingsText", "PlingsViews"],
            swiftSettings: optimisedInDebug),
        .target(name: "PlingsSync", dependencies: ["PlingsKit", "PlingsPlatform", "PlingsText"]),
        // The web's building blocks: escaped markup, QR codes, label sheets, pictures of places.
        .target(name: "PlingsWeb", dependencies: ["PlingsKit", "PlingsText"]),
        // The hub on the web: the CGI program's request, response and router, and the sync routes.
        .target(name: "PlingsServe", dependencies: ["PlingsKit", "PlingsSync", "PlingsText", "PlingsWeb"]),
        .target(
            name: "PlingsCLI",
            dependencies: ["PlingsKit", "PlingsText", "PlingsPlatform", "PlingsSync", "PlingsWeb", "PlingsServe"]),
        .executableTarget(name: "plings", dependencies: ["PlingsCLI", "PlingsPlatform"]),
        .executableTarget(
            name: "plings-bench", dependencies: ["PlingsKit", "PlingsCLI", "PlingsPlatform", "PlingsSync"]),
        .target(name: "PlingsTestSupport", dependencies: ["PlingsKit"], path: "Tests/PlingsTestSupport"),
        .testTarget(name: "PlingsPlatformTests", dependencies: ["PlingsPlatform", "PlingsTestSupport"]),
        .testTarget(
            name: "PlingsSyncTests", dependencies: ["PlingsSync", "PlingsTestSupport", "plings"], exclude: ["Fixtures"]),
        .testTarget(
            name: "PlingsServeTests",
            dependencies: ["PlingsPlatform", "PlingsServe", "PlingsSync", "PlingsTestSupport", "plings"]),
        .testTarget(name: "PlingsDomainTests", dependencies: ["PlingsDomain", "PlingsTestSupport"]),
        .testTarget(name: "PlingsLogTests", dependencies: ["PlingsLog", "PlingsKit", "PlingsTestSupport"]),
        .testTarget(name: "PlingsViewsTests", dependencies: ["PlingsViews", "PlingsTestSupport"]),
        .testTarget(name: "PlingsWebTests", dependencies: ["PlingsWeb", "PlingsTestSupport"]),
        .testTarget(name: "PlingsKitTests", dependencies: ["PlingsKit", "PlingsTestSupport"], exclude: ["Fixtures"]),
        // The docs' Swift examples (made by scripts/doc-examples.sh), compiled without package
        // access so that they see only the public API, as an app does.
        .testTarget(name: "PlingsDocTests", dependencies: ["PlingsKit", "PlingsSync"], packageAccess: false),
        .testTarget(
            name: "PlingsCLITests", dependencies: ["PlingsCLI", "PlingsText", "PlingsTestSupport", "plings"],
            exclude: ["Golden"]),
    ]
)
