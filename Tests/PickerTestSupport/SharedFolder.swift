import Foundation

/// The `shared` folder beside the repository (or `$PICKERD_SHARED`), with the
/// protocol documents and the JSON conformance suite.
public enum SharedFolder {
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["PICKERD_SHARED"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    public static var jsonTestSuite: URL { url.appendingPathComponent("conformance/JSONTestSuite") }

    /// The suite's files whose names start with `prefix`, sorted, with their bytes;
    /// nil (and a message saying where it looked) when the suite is missing.
    public static func jsonTestSuiteCases(prefix: String) throws -> [(name: String, bytes: [UInt8])]? {
        let folder = jsonTestSuite
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in (name, Array(try Data(contentsOf: folder.appendingPathComponent(name)))) }
    }

    public static var missingSuiteMessage: String {
        "JSONTestSuite is missing: expected it at \(jsonTestSuite.path). Put the shared folder beside the repository (../shared) or set PICKERD_SHARED to it."
    }
}
