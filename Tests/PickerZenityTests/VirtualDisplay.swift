import Foundation
import PickerTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One Xvfb for the comparison suite, started on first use on a display
/// number it chooses itself (`-displayfd`), and stopped when the test runner
/// exits. The real zenity draws on it; xdotool types into it.
enum VirtualDisplay {
    /// zenity, Xvfb and xdotool, as Scripts/install-dependencies installs them.
    static let programs = ["/usr/bin/zenity", "/usr/bin/Xvfb", "/usr/bin/xdotool"]
    static var missing: [String] { programs.filter { access($0, X_OK) != 0 } }

    /// `:N`, once Xvfb listens.
    static let display: Result<String, TestFailure> = start()

    /// The Xvfb's pid, for the exit handler (a C function: it captures nothing).
    nonisolated(unsafe) private static var serverPID: pid_t = 0
    // nonisolated(unsafe): written once, inside the `display` initializer (which Swift runs once), read at exit.

    private static func start() -> Result<String, TestFailure> {
        let ready = Pipe()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // The display number is written on fd 1 of Xvfb: our pipe.
        server.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"]
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch { return .failure(TestFailure("cannot start Xvfb: \(error)")) }
        serverPID = server.processIdentifier
        atexit { kill(VirtualDisplay.serverPID, SIGTERM) }
        // Xvfb writes the number once it accepts connections; the read waits for that line.
        var number = ""
        while let byte = try? ready.fileHandleForReading.read(upToCount: 1), let character = byte.first,
            character != UInt8(ascii: "\n")
        {
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else { return .failure(TestFailure("Xvfb did not say its display number")) }
        return .success(":" + number)
    }
}
