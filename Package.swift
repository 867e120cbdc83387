// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pickerd",
    products: [
        .executable(name: "pickerd", targets: ["pickerd"]),
        .executable(name: "pickerctl", targets: ["pickerctl"]),
        .library(name: "PickerJSON", targets: ["PickerJSON"]),
        .library(name: "PickerCore", targets: ["PickerCore"]),
        .library(name: "PickerPlugins", targets: ["PickerPlugins"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .target(name: "PickerJSON", dependencies: ["CJSONC"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "PickerCore", dependencies: ["PickerJSON"]),
        .target(name: "PickerPlugins", dependencies: ["PickerCore", "PickerJSON"]),
        .executableTarget(name: "pickerd", dependencies: ["PickerCore", "PickerPlugins"]),
        .executableTarget(name: "pickerctl", dependencies: ["PickerCore"]),
        .executableTarget(name: "pickerbench", dependencies: ["PickerCore", "PickerPlugins", "PickerJSON"]),
        .testTarget(name: "PickerJSONTests", dependencies: ["PickerJSON"]),
        .testTarget(name: "PickerCoreTests", dependencies: ["PickerCore", "PickerJSON", "PickerPlugins"]),
        .testTarget(name: "PickerPluginsTests", dependencies: ["PickerPlugins", "PickerCore", "PickerJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
