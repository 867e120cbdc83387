import Foundation
import PickerTestSupport
import Testing

/// What each module of Sources may import, read from the files themselves:
/// a rule the compiler does not check, and whose breaking shows only later
/// (a release link, a client that drags the daemon in).
@Suite struct ModuleImportsTests {
    /// Each folder under Sources and the modules its files import.
    static func imports() throws -> [String: Set<String>] {
        let sources = SharedFolder.packageRoot.appendingPathComponent("Sources")
        var imports: [String: Set<String>] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    // `import X`, `@testable import X`, `@preconcurrency import X`.
                    if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                        words[..<index].allSatisfy({ $0.hasPrefix("@") })
                    {
                        imports[module, default: []].insert(String(words[index + 1]))
                    }
                }
            }
        }
        return imports
    }

    /// pickerd's and pickerctl's release builds link Swift's runtime and
    /// FoundationEssentials in (`-static-stdlib`, Package.swift); the whole
    /// Foundation then fails at link time, in release only (it did, in
    /// `pickerctl dial-stdio`, for `ProcessInfo`).
    @Test func noModuleImportsTheWholeFoundation() throws {
        let importers = try Self.imports().filter { $0.value.contains("Foundation") }.keys.sorted()
        #expect(importers.isEmpty, "import FoundationEssentials (or PickerSystem's POSIX) instead, in \(importers)")
    }

    /// Clients talk to pickerd through PickerClient and the wire; the
    /// daemon's own modules stay the daemon's (README, "Layout").
    @Test func noClientImportsTheDaemonsModules() throws {
        let daemonModules: Set = ["PickerCore", "PickerPlugins", "PickerServer", "PickerServerTesting"]
        let daemonSide: Set = daemonModules.union(["pickerd"])
        let imports = try Self.imports()
        #expect(imports.keys.contains("pickerctl") && imports.keys.contains("PickerMCP"))
        for (module, imported) in imports where !daemonSide.contains(module) {
            #expect(
                imported.isDisjoint(with: daemonModules), "\(module) imports \(imported.intersection(daemonModules))")
        }
    }
}
