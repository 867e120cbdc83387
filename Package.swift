// swift-tools-version:6.1
import PackageDescription

/// pickerd's and pickerctl's release builds link Swift's runtime and
/// Foundation in, as Scripts/install's --static-swift-stdlib does, so that a
/// plain `swift build -c release` starts as quickly and maps as little. The -l
/// name what the static FoundationEssentials needs and nothing else says:
/// ArgumentParser was built against the shared one, and our own code no
/// longer imports Synchronization (PickerSystem's `Locked`). Release only: test runners link the
/// executables' objects and take their linker settings, and they need the
/// shared runtime that XCTest and Swift Testing use (so `swift test -c release`
/// cannot link).
let swiftRuntimeLinkedIn: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization"],
        .when(configuration: .release))
]

/// Our dependencies' products, each named once.
enum External {
    static let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
    static let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
    static let nioEmbedded = Target.Dependency.product(name: "NIOEmbedded", package: "swift-nio")
    static let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
    static let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
    /// The service group and the signals that end it, as pickerd and pickerweb run.
    static let serviceLifecycle: [Target.Dependency] = [
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
    ]
    static let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
}

/// What a test target that starts the real daemon needs: the test support
/// and the built pickerd (its tests run the binary); with pickerctl, for the
/// tests that run that too.
/// CI's sanitizer stages set PICKERD_WITHOUT_ROUTER_TESTS: PickerWebTests is
/// then built without HummingbirdTesting, whose HTTP client brings a TLS stack
/// (BoringSSL, swift-nio-ssl, NIOHTTP2, AsyncHTTPClient; about 90 s of a
/// debug build, more under a sanitizer). The in-process route tests run in
/// the plain stage; the live pickerweb tests run in every stage.
let routerTests = Context.environment["PICKERD_WITHOUT_ROUTER_TESTS"] == nil

let runsTheDaemon: [Target.Dependency] = ["PickerJSON", "PickerProtocol", "PickerTestSupport", "pickerd"]
let runsPickerctl: [Target.Dependency] = runsTheDaemon + ["pickerctl"]

let package = Package(
    name: "pickerd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pickerd", targets: ["pickerd"]),
        .executable(name: "pickerctl", targets: ["pickerctl"]),
        .executable(name: "pickerweb", targets: ["pickerweb"]),
        .executable(name: "pickermcp", targets: ["pickermcp"]),
        .executable(name: "pickerd-askpass", targets: ["pickerd-askpass"]),
        .executable(name: "pinentry-pickerd", targets: ["pinentry-pickerd"]),
        .executable(name: "pickerd-polkit-agent", targets: ["pickerd-polkit-agent"]),
        .executable(name: "pickerd-zenity", targets: ["pickerd-zenity"]),
        .library(name: "PickerJSON", targets: ["PickerJSON"]),
        .library(name: "PickerCore", targets: ["PickerCore"]),
        .library(name: "PickerPlugins", targets: ["PickerPlugins"]),
        .library(name: "PickerProtocol", targets: ["PickerProtocol"]),
        .library(name: "PickerServer", targets: ["PickerServer"]),
        .library(name: "PickerClient", targets: ["PickerClient"]),
        // For the Benchmarks package (pickerbench, pickerfuzz, pickerfloor),
        // which depends on this one by path and sees only its products.
        .library(name: "PickerSystem", targets: ["PickerSystem"]),
        .library(name: "PickerMCP", targets: ["PickerMCP"]),
        .library(name: "PickerServerTesting", targets: ["PickerServerTesting"]),
        .library(name: "PickerTestSupport", targets: ["PickerTestSupport"]),
        .library(name: "CJSONC", targets: ["CJSONC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        // The web front-end's HTTP server (see PickerWeb); its default traits
        // would add swift-configuration and full Foundation, which it does not need.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0", traits: []),
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "PickerJSON", dependencies: ["CJSONC"]),
        // Whole files, whole writes, the environment, errno's sentence: the system calls every part wraps alike.
        .target(name: "PickerSystem"),
        .target(name: "PickerCore", dependencies: ["PickerProtocol", "PickerJSON"]),
        .target(name: "PickerPlugins", dependencies: ["PickerCore", "PickerProtocol", "PickerJSON", "PickerSystem"]),
        .target(name: "PickerProtocol", dependencies: ["PickerJSON"]),
        // C helpers, by who uses them: what the daemon and its clients share,
        // the daemon's own, the terminal's (the benchmark's is in Benchmarks/).
        .target(name: "CPickerSystem"),
        .target(name: "CPickerServer"),
        .target(name: "CPickerTerminal"),
        .target(name: "PickerClient", dependencies: ["PickerProtocol", "PickerJSON", "PickerSystem", "CPickerSystem"]),
        // systemd's password agent protocol: ask files in, pickerd windows, answers out.
        .target(
            name: "PickerPasswordAgent",
            dependencies: ["PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "CPickerSystem"]),
        // SSH_ASKPASS, SUDO_ASKPASS and GIT_ASKPASS: a prompt in argv, a pickerd window, the answer on stdout.
        .target(name: "CPickerAskpass"),
        .target(
            name: "PickerAskpass",
            dependencies: [
                "PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "PickerTerminal", "CPickerSystem",
                "CPickerAskpass",
            ]),
        // polkit's authentication agent: its requests in, pickerd windows, the password to polkit's helper.
        // libpolkit-agent-1 through a C target: an agent subclasses a GObject type (see CPickerPolkit).
        .systemLibrary(
            name: "CPolkitAgent",
            pkgConfig: "polkit-agent-1",
            providers: [.apt(["libpolkit-agent-1-dev"])]
        ),
        .target(name: "CPickerPolkit", dependencies: ["CPolkitAgent"]),
        .target(
            name: "PickerPolkit",
            dependencies: [
                "PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "PickerAskpass", "PickerPasswordAgent",
                "CPickerSystem",
                "CPickerPolkit",
            ]),
        // The agent's own program, which `pickerctl polkit-agent` runs in its place, so that
        // pickerctl itself needs no polkit library (a machine without polkit runs every other command).
        .executableTarget(
            name: "pickerd-polkit-agent",
            dependencies: ["PickerPolkit", "PickerPasswordAgent", External.argumentParser],
            linkerSettings: swiftRuntimeLinkedIn),
        .executableTarget(
            name: "pickerd-askpass", dependencies: ["PickerAskpass"], linkerSettings: swiftRuntimeLinkedIn),
        // zenity's command line: its dialogs asked as pickerd windows, printed and exiting as zenity does.
        .target(
            name: "PickerZenity",
            dependencies: ["PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "PickerTerminal"]),
        .executableTarget(
            name: "pickerd-zenity", dependencies: ["PickerZenity", "CPickerSystem"],
            linkerSettings: swiftRuntimeLinkedIn),
        // gpg-agent's pinentry protocol (Assuan): its commands in, pickerd windows, the PIN out.
        .target(
            name: "PickerPinentry",
            dependencies: [
                "PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "PickerTerminal", "CPickerSystem",
            ]),
        .target(
            name: "PickerTerminal",
            dependencies: ["PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "CPickerTerminal"]),
        .target(
            name: "PickerServer",
            dependencies: [
                "PickerCore", "PickerPlugins", "PickerProtocol", "PickerJSON", "PickerSystem", "CPickerSystem",
                "CPickerServer", "CSQLite",
                External.nioCore, External.nioPosix, External.logging,
            ] + External.serviceLifecycle
        ),
        // The daemon's core without sockets or threads, for the fuzz target
        // (Benchmarks/) and in-process tests; pickerd itself does not link NIOEmbedded.
        .target(
            name: "PickerServerTesting",
            dependencies: [
                "PickerServer", "PickerCore", "PickerProtocol", "PickerJSON",
                External.nioCore, External.nioEmbedded, External.logging,
            ]
        ),
        .executableTarget(
            name: "pickerd",
            dependencies: [
                "PickerServer", "PickerCore", "PickerPlugins", "PickerProtocol", "PickerSystem", "CPickerSystem",
                "CPickerServer",
                External.argumentParser, External.logging,
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // An idle daemon is 18 MiB rather than 20.7 with its runtime linked
            // in: it no longer maps whole shared libraries of which it uses a
            // part (libswiftCore, FoundationEssentials, the two regex libraries
            // every Swift module links).
            linkerSettings: swiftRuntimeLinkedIn
        ),
        .executableTarget(
            name: "pickerctl",
            dependencies: [
                "PickerClient", "PickerProtocol", "PickerJSON", "PickerTerminal", "PickerSystem", "CPickerSystem",
                "CPickerTerminal",
                "PickerPasswordAgent", "PickerAskpass", "PickerPinentry", External.argumentParser,
            ],
            // Quicker to start with its runtime linked in: ping, badge and list take
            // 4.3 ms rather than 7.3 when they need not load and bind libswiftCore,
            // libFoundationEssentials and eight other shared libraries (issue 21).
            linkerSettings: swiftRuntimeLinkedIn
        ),
        // The web front-end: an HTTP server that is a client of pickerd, and
        // the page it serves, built into the binary.
        .target(
            name: "PickerWeb",
            dependencies: [
                "PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem", "CPickerSystem",
                External.hummingbird,
                .product(name: "HummingbirdCore", package: "hummingbird"),
                External.logging,
            ] + External.serviceLifecycle,
            resources: [
                "index.html", "app.js", "wheels.js", "fields.js", "choices.js", "sheet.js", "app.css", "controls.css",
            ].map {
                .embedInCode("Page/\($0)")
            }
        ),
        .executableTarget(
            name: "pickerweb",
            dependencies: [
                "PickerWeb", "PickerClient", "PickerProtocol", "PickerSystem",
                External.argumentParser, External.logging,
            ]
        ),
        // The MCP server: an AI agent's tools that ask a person through pickerd,
        // over stdio (`pickerctl mcp` runs pickermcp). Its own JSON-RPC loop on
        // PickerJSON, which keeps objects' member order (a tree's, a form's).
        .target(name: "PickerMCP", dependencies: ["PickerClient", "PickerProtocol", "PickerJSON", "PickerSystem"]),
        .executableTarget(
            name: "pickermcp",
            dependencies: [
                "PickerMCP", "PickerSystem", External.argumentParser,
            ]
        ),
        // gpg-agent's pinentry-program; small, without ArgumentParser, as pinentries start for each question.
        .executableTarget(
            name: "pinentry-pickerd", dependencies: ["PickerPinentry"], linkerSettings: swiftRuntimeLinkedIn),
        .target(name: "CPickerTestSupport", path: "Tests/CPickerTestSupport"),
        .target(
            name: "PickerTestSupport",
            dependencies: ["PickerJSON", "PickerProtocol", "CPickerTestSupport"],
            path: "Tests/PickerTestSupport"
        ),
        // UserGuideTests reads pickerctl's command tree and the daemon's config.
        .testTarget(
            name: "PickerProtocolTests",
            dependencies: [
                "PickerProtocol", "PickerJSON", "PickerServer", "pickerctl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PickerJSONTests", dependencies: ["PickerJSON", "PickerTestSupport"]),
        .testTarget(
            name: "PickerCoreTests", dependencies: ["PickerCore", "PickerProtocol", "PickerJSON", "PickerPlugins"]),
        .testTarget(
            name: "PickerPluginsTests",
            dependencies: ["PickerPlugins", "PickerCore", "PickerProtocol", "PickerJSON", "PickerTestSupport"]),
        .testTarget(
            name: "PickerServerTests",
            dependencies: ["PickerServer", "PickerServerTesting", External.nioCore, External.nioEmbedded]
                + runsTheDaemon
        ),
        .testTarget(name: "PickerClientTests", dependencies: ["PickerClient"] + runsTheDaemon),
        .testTarget(name: "PickerTerminalTests", dependencies: ["PickerTerminal"] + runsPickerctl),
        // The routes are tested in-process through HummingbirdTesting's router
        // client (`routerTests`); the real pickerweb where a socket, a peer or
        // a daemon matters.
        .testTarget(
            name: "PickerWebTests",
            dependencies: ["PickerWeb", "pickerweb", External.hummingbird] + runsPickerctl
                + (routerTests ? [.product(name: "HummingbirdTesting", package: "hummingbird")] : []),
            swiftSettings: routerTests ? [.define("ROUTER_TESTS")] : []
        ),
        .testTarget(name: "PickerMCPTests", dependencies: ["PickerMCP", "PickerSystem", "pickermcp"] + runsPickerctl),
        .testTarget(name: "PickerPasswordAgentTests", dependencies: ["PickerPasswordAgent"] + runsPickerctl),
        .testTarget(name: "PickerAskpassTests", dependencies: ["PickerAskpass", "pickerd-askpass"] + runsPickerctl),
        .testTarget(name: "PickerPinentryTests", dependencies: ["PickerPinentry", "pinentry-pickerd"] + runsPickerctl),
        .testTarget(name: "PickerPolkitTests", dependencies: ["pickerd-polkit-agent"] + runsPickerctl),
        .testTarget(name: "PickerctlTests", dependencies: runsPickerctl),
        .testTarget(name: "PickerZenityTests", dependencies: ["PickerZenity", "pickerd-zenity"] + runsPickerctl),
    ],
    swiftLanguageModes: [.v6]
)
