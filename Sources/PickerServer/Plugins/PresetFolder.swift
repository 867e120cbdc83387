import PickerCore
import PickerJSON
import PickerPlugins

#if canImport(Glibc)
import Glibc
#endif

/// Reads the presets folder: every `*.json` file in name order, each one
/// preset. A bad file is reported (`file: key: problem`) and skipped; the
/// others still load. The folder, each file and each program must pass
/// `StrictModes` (only pickerd's user or root may change them); a folder that
/// does not loads nothing.
enum PresetFolder {
    struct Loaded {
        var registry: PluginRegistry
        var presets: [Preset] = []
        var problems: [String] = []
        /// The folder as an absolute path: where plugin programs run.
        var folder: String?
    }

    static func load(_ folder: String?, context: PluginContext) -> Loaded {
        let builtIn = PluginRegistry.builtIn
        var loaded = Loaded(registry: builtIn)
        guard var folder else { return loaded }
        if !folder.hasPrefix("/"), let current = currentDirectory() {
            folder = (current.hasSuffix("/") ? current : current + "/") + folder
        }
        var info = stat()
        // No folder is no presets.
        guard stat(folder, &info) == 0 || errno != ENOENT else { return loaded }
        var strictModes = StrictModes()
        if let problem = strictModes.problem(with: folder, expecting: .directory) {
            loaded.problems.append("\(problem); no presets are loaded from \(folder)")
            return loaded
        }
        loaded.folder = folder
        guard let directory = opendir(folder) else {
            // No folder is no presets; another failure is worth saying.
            if errno != ENOENT {
                loaded.problems.append("\(folder): cannot be read: \(String(cString: strerror(errno)))")
            }
            return loaded
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json"), !name.hasPrefix(".") { names.append(name) }
        }
        closedir(directory)
        var sources: [String: String] = [:]
        for name in names.sorted() {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if let problem = strictModes.problem(with: path, expecting: .file) {
                loaded.problems.append("\(path): \(problem)")
                continue
            }
            let json: JSON
            switch ConfigFile.read(path) {
            case .failure(let problems):
                loaded.problems += problems.problems.map(\.description)
                continue
            case .success(let text):
                do {
                    json = try JSON.parse(text)
                } catch {
                    loaded.problems.append("\(path): not JSON: \(error)")
                    continue
                }
            }
            switch PresetReader.read(json, file: name, bases: builtIn, context: context) {
            case .failure(let problems):
                loaded.problems += problems.messages.map { "\(path): \($0)" }
            case .success(var preset):
                if var exec = preset.exec {
                    // A relative program is found in the presets folder.
                    if !exec[0].hasPrefix("/") { exec[0] = (folder.hasSuffix("/") ? folder : folder + "/") + exec[0] }
                    guard access(exec[0], X_OK) == 0 else {
                        loaded.problems.append("\(path): exec: \(exec[0]) is not an executable file")
                        continue
                    }
                    if let problem = strictModes.problem(with: exec[0], expecting: .file) {
                        loaded.problems.append("\(path): exec: \(problem)")
                        continue
                    }
                    preset.exec = exec
                }
                if let earlier = sources[preset.kind] {
                    loaded.problems.append("\(path): kind: '\(preset.kind)' is already defined by \(earlier)")
                    continue
                }
                sources[preset.kind] = name
                loaded.presets.append(preset)
                loaded.registry.register(PresetPlugin(preset, base: builtIn.plugin(for: preset.base)!))
            }
        }
        return loaded
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
