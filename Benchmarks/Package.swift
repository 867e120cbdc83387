// swift-tools-version:6.1
import PackageDescription

/// The measuring tools, apart from the product (as swift-nio keeps its
/// benchmarks): pickerbench, the benchmarks a person runs (BENCHMARKS.md);
/// pickerfloor, their reference, a minimal C JSON-lines server; pickerfuzz,
/// the libFuzzer target over the embedded daemon and a replayer when built
/// normally (Tests/Fuzz/run), whose seeds and regressions FuzzReplayTests
/// replays. They see pickerd's package through its products alone.
let package = Package(
    name: "pickerd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so that its products are found whatever its folder is called.
        .package(name: "pickerd", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        // pickerbench's C: CPU pinning, connecting as another uid from one thread.
        .target(name: "CPickerBench"),
        .executableTarget(
            name: "pickerbench",
            // pickerd and pickerctl are not linked: they are built beside
            // pickerbench, which starts them (and pickerfloor) from its own folder.
            dependencies: ["CPickerBench", "pickerfloor"]
                + pickerd("PickerCore", "PickerPlugins", "PickerJSON", "PickerProtocol", "PickerSystem")
                + pickerd("pickerd", "pickerctl")
        ),
        .executableTarget(name: "pickerfloor", dependencies: pickerd("CJSONC")),
        .executableTarget(
            name: "pickerfuzz",
            dependencies: pickerd("PickerServer", "PickerServerTesting", "PickerMCP", "PickerJSON", "PickerSystem")
                + [.product(name: "NIOCore", package: "swift-nio")]
        ),
        .testTarget(name: "FuzzReplayTests", dependencies: ["pickerfuzz"] + pickerd("PickerTestSupport")),
    ],
    swiftLanguageModes: [.v6]
)

/// Products of pickerd's package.
func pickerd(_ names: String...) -> [Target.Dependency] {
    names.map { .product(name: $0, package: "pickerd") }
}
