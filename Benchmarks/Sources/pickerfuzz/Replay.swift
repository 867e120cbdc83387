#if !FUZZING
#if canImport(Glibc)
import Glibc
#endif
import PickerSystem

/// Without libFuzzer, pickerfuzz replays inputs (files, or every file in the
/// folders given) through the same script, as the regression tests do; a
/// broken invariant traps with the reason.
enum Replay {
    static func main() {
        var paths = Array(CommandLine.arguments.dropFirst())
        let show = paths.contains("--show")
        let target: FuzzTarget = paths.contains("--mcp") ? .mcp : FuzzTarget.chosen
        paths.removeAll { $0 == "--show" || $0 == "--mcp" }
        var rounds = 1
        if let index = paths.firstIndex(of: "--repeat"), index + 1 < paths.count, let count = Int(paths[index + 1]) {
            rounds = count
            paths.removeSubrange(index...index + 1)
        }
        guard !paths.isEmpty, !paths.contains("-h"), !paths.contains("--help") else {
            print(
                """
                usage: pickerfuzz [--mcp] [--show] [--repeat N] INPUT_OR_FOLDER ...

                Replays fuzz inputs through the embedded daemon (Tests/Fuzz/run fuzzes),
                or with --mcp through the MCP server (Tests/Fuzz/run --mcp); --show
                prints every line written (the daemon's by connection); --repeat
                replays everything N times and prints the memory held before and after.
                """)
            exit(paths.isEmpty ? 64 : 0)
        }
        var count = 0
        var residentAfterFirst = 0
        for round in 0..<rounds {
            if round == 1 { residentAfterFirst = residentKiB() }
            count += replay(paths, target: target, show: show)
        }
        if rounds > 1 {
            print(
                "pickerfuzz: resident memory \(residentAfterFirst) KiB after the first round, \(residentKiB()) KiB after \(rounds)"
            )
        }
        switch target {
        case .daemon:
            print(
                "pickerfuzz: replayed \(count) inputs; every answer was a JSON-RPC line and the stack stayed consistent"
            )
        case .mcp:
            print(
                "pickerfuzz: replayed \(count) inputs through the MCP server; every line it wrote was a JSON-RPC response and no tool answered unasked"
            )
        }
    }

    static func replay(_ paths: [String], target: FuzzTarget, show: Bool) -> Int {
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = contents(of: file) else {
                    print("pickerfuzz: cannot read \(file)")
                    exit(66)
                }
                if show { print("== \(file)") }
                bytes.withUnsafeBytes { input in
                    switch target {
                    case .daemon: FuzzScript.run(input, show: show)
                    case .mcp: MCPFuzzScript.run(input, show: show)
                    }
                }
                count += 1
            }
        }
        return count
    }

    static func residentKiB() -> Int {
        guard let bytes = contents(of: "/proc/self/status") else { return 0 }
        let status = String(decoding: bytes, as: UTF8.self)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(String(line.filter(\.isNumber))) ?? 0
    }

    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func contents(of path: String) -> [UInt8]? {
        POSIX.contents(of: path)
    }
}
#endif
