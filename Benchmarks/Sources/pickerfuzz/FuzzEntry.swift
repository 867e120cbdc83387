#if canImport(Glibc)
import Glibc
#endif

#if FUZZING
/// libFuzzer's driver, linked in by `-sanitize=fuzzer`. It is called from this
/// program's own `main` because SwiftPM links executables through a renamed
/// main symbol, which libFuzzer's `main` would not provide.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The entry point libFuzzer calls for each input (also referenced by
/// libFuzzer's own main, which the linker pulls in).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    switch FuzzTarget.chosen {
    case .daemon: FuzzScript.run(input)
    case .mcp: MCPFuzzScript.run(input)
    }
    return 0
}
#endif

/// What an input is fed to: pickerd's input (`FuzzScript`), or with
/// PICKERFUZZ_TARGET=mcp (`Tests/Fuzz/run --mcp`, `pickerfuzz --mcp`) the MCP
/// server's (`MCPFuzzScript`).
enum FuzzTarget: Sendable {
    case daemon, mcp

    static let chosen: FuzzTarget = {
        guard let name = getenv("PICKERFUZZ_TARGET") else { return .daemon }
        return String(cString: name) == "mcp" ? .mcp : .daemon
    }()
}

/// Built with `-sanitize=fuzzer,address -DFUZZING` (Tests/Fuzz/run), this is a
/// libFuzzer target; built normally, it replays inputs (the regression tests).
@main
struct PickerFuzz {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
        Replay.main()
        #endif
    }
}
