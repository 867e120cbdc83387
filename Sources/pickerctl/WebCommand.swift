import ArgumentParser
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl web`: runs `pickerweb`, the web front-end, in its place. The
/// HTTP server is a program of its own so that every other pickerctl command
/// starts without loading it.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Answer pickers from a browser or a phone: runs pickerweb (see pickerweb --help).")

    @OptionGroup var global: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: "pickerweb's options: --listen ADDR:PORT, --allow-remote, --open.")
    var options: [String] = []

    func run() throws {
        let program = Self.pickerweb()
        let arguments = [program] + (global.socket.map { ["--socket", $0] } ?? []) + options
        var argv = arguments.map { strdup($0) } + [nil]
        execv(program, &argv)
        // execv returns only when it failed.
        printError("cannot run \(program): \(POSIX.message()); is pickerweb installed beside pickerctl?")
        throw ExitCode(ExitStatus.unreachable)
    }

    /// `pickerweb` beside this pickerctl (as installed and as built), else on PATH.
    static func pickerweb() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let own = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = own.lastIndex(of: "/") {
                let beside = String(own[..<slash]) + "/pickerweb"
                if access(beside, X_OK) == 0 { return beside }
            }
        }
        let path = POSIX.environment()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/pickerweb", X_OK) == 0 {
            return "\(folder)/pickerweb"
        }
        return "pickerweb"
    }
}
