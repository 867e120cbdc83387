import ArgumentParser
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// A program installed beside pickerctl that a command runs in its place
/// (`pickerctl web` runs pickerweb, `pickerctl mcp` pickermcp), so that the
/// other commands start without what it links.
enum SiblingProgram {
    /// Replaces this process with `name` and `arguments`; returns only by throwing.
    static func exec(_ name: String, _ arguments: [String]) throws -> Never {
        let program = path(of: name)
        var argv = ([program] + arguments).map { strdup($0) } + [nil]
        POSIX.unblockAllSignals()
        execv(program, &argv)
        // execv returns only when it failed.
        printError("cannot run \(program): \(POSIX.message()); is \(name) installed beside pickerctl?")
        throw ExitCode(ExitStatus.unreachable)
    }

    /// `name` beside this pickerctl (as installed and as built), else on PATH.
    static func path(of name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let own = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = own.lastIndex(of: "/") {
                let beside = String(own[..<slash]) + "/" + name
                if access(beside, X_OK) == 0 { return beside }
            }
        }
        return ChildProcess.find(name) ?? name
    }
}
