// swift-tools-version: 6.1
import PackageDescription

/// ShopTalk has no package dependencies: only the toolchain and system C libraries.
/// Modules are split by layer and import one way:
/// executable → CLI → transports → session → grammar, domain, store, wording;
/// line I/O (framing, the terminal, a socket) sits below them all, so the
/// client that speaks to a server links no database.
/// Release binaries carry the Swift runtime and Foundation: one file to copy
/// to the household's server, and half the start-up time (no dynamic linking
/// of Foundation and ICU).
let staticInRelease: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + ["CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "FoundationEssentials",
               "FoundationInternationalization", "Foundation", "swiftSynchronization", "BlocksRuntime", "dispatch", "stdc++", "m"]
            .flatMap { ["-Xlinker", "-l\($0)"] }
            + ["-Xlinker", "--end-group"],
        .when(platforms: [.linux], configuration: .release)),
]

/// The reader's models are trained from thousands of example sentences
/// when a language is first needed (then kept in the cache): arithmetic
/// that takes a minute unoptimized and two seconds optimized, so the modules
/// that do it are optimized in debug builds too, for `swift test` and
/// `swift run`.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "ShopTalk",
    products: [
        .executable(name: "shoptalk", targets: ["shoptalk"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLibSSL", pkgConfig: "libssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLinuxEvents"),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "ShopTalkJSON"),
        .target(name: "ShopTalkText"),
        .target(name: "ShopTalkLearning", swiftSettings: optimizedInDebug),
        .target(name: "ShopTalkDomain", dependencies: ["ShopTalkText"]),
        .target(name: "ShopTalkWording"),
        .target(name: "ShopTalkTLS", dependencies: ["CLibSSL"]),
        .target(name: "ShopTalkGrammar", dependencies: ["ShopTalkJSON", "ShopTalkText", "ShopTalkLearning"], swiftSettings: optimizedInDebug),
        // Grammar/'s files, put into the binary as string literals by the EmbedGrammar plugin.
        .target(name: "ShopTalkGrammarFiles", dependencies: ["ShopTalkGrammar", "ShopTalkWording"], plugins: ["EmbedGrammar"]),
        .executableTarget(name: "shoptalk-embed"),
        .plugin(name: "EmbedGrammar", capability: .buildTool(), dependencies: ["shoptalk-embed"]),
        .target(name: "ShopTalkPostgres", dependencies: ["CLibPQ"]),
        // The store: what both engines share (the seam's types, the schema, how rows read), one module
        // per engine, and `Store`, which opens either and is all the rest of the code speaks to.
        .target(name: "ShopTalkStoreCore", dependencies: ["ShopTalkDomain", "ShopTalkJSON"]),
        .target(name: "ShopTalkSQLiteStore", dependencies: ["ShopTalkStoreCore", "ShopTalkDomain", "ShopTalkJSON", "CSQLite"]),
        .target(name: "ShopTalkPostgresStore", dependencies: ["ShopTalkStoreCore", "ShopTalkDomain", "ShopTalkJSON", "ShopTalkPostgres"]),
        .target(name: "ShopTalkStore", dependencies: ["ShopTalkStoreCore", "ShopTalkSQLiteStore", "ShopTalkPostgresStore", "ShopTalkDomain", "ShopTalkJSON"]),
        .target(
            name: "ShopTalkSession",
            dependencies: ["ShopTalkDomain", "ShopTalkStore", "ShopTalkGrammar", "ShopTalkJSON", "ShopTalkWording"]
        ),
        .target(name: "ShopTalkAccounts", dependencies: ["ShopTalkStore", "ShopTalkDomain", "COpenSSL"]),
        .target(
            name: "ShopTalkServer",
            dependencies: [
                "ShopTalkSession", "ShopTalkTransports", "ShopTalkLineIO", "ShopTalkAccounts", "ShopTalkStore", "ShopTalkDomain",
                "ShopTalkJSON", "ShopTalkGrammar", "ShopTalkWording", "ShopTalkTLS", "ShopTalkIRC", "ShopTalkMatrix", "CLinuxEvents",
            ]
        ),
        // Lines in and out with no session behind them: a terminal's line editor, a byte
        // stream cut into lines, a socket to a server. The client needs no more.
        .target(name: "ShopTalkLineIO"),
        .target(
            name: "ShopTalkTransports",
            dependencies: ["ShopTalkLineIO", "ShopTalkSession", "ShopTalkGrammar", "ShopTalkDomain", "ShopTalkJSON", "ShopTalkWording"]
        ),
        .target(name: "ShopTalkClient", dependencies: ["ShopTalkTLS", "ShopTalkLineIO", "ShopTalkJSON"]),
        .target(name: "ShopTalkIRC"),
        // The Matrix bot's protocol as values: HTTP/1.1 framing, the Client-Server API's requests, a sync's news, what to do about it.
        .target(name: "ShopTalkMatrix", dependencies: ["ShopTalkJSON"]),
        .target(
            name: "ShopTalkCLI",
            dependencies: [
                "ShopTalkDomain", "ShopTalkStore", "ShopTalkGrammar", "ShopTalkGrammarFiles",
                "ShopTalkSession", "ShopTalkTransports", "ShopTalkLineIO", "ShopTalkJSON", "ShopTalkAccounts", "ShopTalkServer", "ShopTalkWording", "ShopTalkTLS", "ShopTalkClient", "ShopTalkIRC", "CLinuxEvents",
            ]
        ),
        .executableTarget(name: "shoptalk", dependencies: ["ShopTalkCLI"], linkerSettings: staticInRelease),
        .executableTarget(
            name: "shoptalk-bench", dependencies: ["ShopTalkGrammar", "ShopTalkGrammarFiles", "ShopTalkSession", "ShopTalkStore", "ShopTalkDomain", "ShopTalkWording"], linkerSettings: staticInRelease
        ),

        // Helpers shared by the test targets, in Tests/ beside them.
        .target(name: "TestSupport", dependencies: ["ShopTalkPostgres"], path: "Tests/TestSupport"),
        .testTarget(name: "ShopTalkDomainTests", dependencies: ["ShopTalkDomain"]),
        .testTarget(name: "ShopTalkLearningTests", dependencies: ["ShopTalkLearning"]),
        .testTarget(
            name: "ShopTalkPostgresTests",
            dependencies: [
                "ShopTalkPostgres", "ShopTalkStore", "ShopTalkDomain", "CSQLite", "ShopTalkSession", "ShopTalkTransports", "ShopTalkLineIO",
                "ShopTalkGrammarFiles", "ShopTalkWording", "TestSupport",
                "ShopTalkStoreCore", "ShopTalkSQLiteStore", "ShopTalkPostgresStore",
            ]
        ),
        .testTarget(name: "ShopTalkMatrixTests", dependencies: ["ShopTalkMatrix", "ShopTalkJSON"]),
        .testTarget(name: "ShopTalkIRCTests", dependencies: ["ShopTalkIRC", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShopTalkWordingTests", dependencies: ["ShopTalkWording", "ShopTalkGrammarFiles"]),
        .testTarget(
            name: "ShopTalkStoreTests",
            dependencies: ["ShopTalkStore", "ShopTalkDomain", "ShopTalkPostgres", "CSQLite", "TestSupport", "ShopTalkStoreCore", "ShopTalkSQLiteStore", "ShopTalkPostgresStore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShopTalkGrammarTests",
            dependencies: ["ShopTalkGrammar", "ShopTalkGrammarFiles", "ShopTalkJSON", "ShopTalkLearning", "ShopTalkText"],
            exclude: ["Sentences"]
        ),
        .testTarget(
            name: "ShopTalkSessionTests",
            dependencies: [
                "ShopTalkSession", "ShopTalkTransports", "ShopTalkLineIO", "ShopTalkGrammar", "ShopTalkGrammarFiles",
                "ShopTalkStore", "ShopTalkDomain", "ShopTalkWording", "TestSupport",
                "ShopTalkStoreCore", "ShopTalkSQLiteStore", "ShopTalkPostgresStore",
            ]
        ),
        .testTarget(
            name: "ShopTalkServerTests",
            dependencies: ["ShopTalkServer", "ShopTalkSession", "ShopTalkStore", "ShopTalkGrammar", "ShopTalkGrammarFiles", "ShopTalkWording", "ShopTalkAccounts", "ShopTalkDomain"]
        ),
        .testTarget(
            name: "ShopTalkTransportsTests",
            dependencies: ["ShopTalkTransports", "ShopTalkLineIO", "ShopTalkSession", "ShopTalkGrammar", "ShopTalkGrammarFiles", "ShopTalkDomain", "ShopTalkWording"]
        ),
        .testTarget(
            name: "ShopTalkCLITests",
            dependencies: ["ShopTalkCLI", "ShopTalkStore", "ShopTalkGrammarFiles", "ShopTalkTLS", "ShopTalkClient", "shoptalk", "TestSupport", "ShopTalkPostgres", "CSQLite", "ShopTalkMatrix", "ShopTalkJSON"],
            exclude: ["Transcripts"]
        ),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
