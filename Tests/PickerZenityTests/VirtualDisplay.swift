import Foundation
import PickerTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One Xvfb for the comparison suite, started on first use on a display
/// number it chooses itself (`-displayfd`), and stopped when the test runner
/// exits (a shell watchdog holds it). The real zenity draws on it; xdotool types into it.
enum VirtualDisplay {
    /// zenity, Xvfb and xdotool, as Scripts/install-dependencies installs them.
    static let programs = ["/usr/bin/zenity", "/usr/bin/Xvfb", "/usr/bin/xdotool"]
    static var missing: [String] { programs.filter { access($0, X_OK) != 0 } }

    /// `:N`, once Xvfb listens.
    static let display: Result<String, TestFailure> = start()

    /// The write end of the watchdog's stdin: held open while the test runner lives. When
    /// the runner exits, however it exits, the kernel closes it and the watchdog stops Xvfb.
    nonisolated(unsafe) private static var lifeline: Pipe?
    // nonisolated(unsafe): written once, inside the `display` initializer (which Swift runs once).

    private static func start() -> Result<String, TestFailure> {
        let ready = Pipe()
        let alive = Pipe()
        let watchdog = Process()
        // The test runner's threads block SIGTERM, and a child inherits the mask: perl (Debian's
        // perl-base is essential) clears it, so that the watchdog's kill stops Xvfb, which then
        // removes its lock file and socket. Xvfb writes its display number on fd 1 (our pipe)
        // once it accepts connections.
        watchdog.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        watchdog.arguments = [
            "-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new); exec '/bin/sh', '-c', $ARGV[0]",
            "/usr/bin/Xvfb -displayfd 1 -nolisten tcp -screen 0 1024x768x24 2>/dev/null <&- & server=$!; "
                + "read -r _; kill $server",
        ]
        watchdog.standardOutput = ready
        watchdog.standardInput = alive
        watchdog.standardError = FileHandle.nullDevice
        do { try watchdog.run() } catch { return .failure(TestFailure("cannot start Xvfb: \(error)")) }
        lifeline = alive
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
