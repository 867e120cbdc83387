import Foundation
import PickerTestSupport

/// dunst, a real notification server, on a session bus of the test's own
/// and an X display of its own (Xvfb). Its context menu (`dunstctl context`)
/// goes to a "dmenu" that picks the action labelled `choosing`.
final class DunstServer: @unchecked Sendable {
    // @unchecked: owned by one test.
    private let directory: TestDirectory
    let bus: PrivateSessionBus
    private let display: CommandLineProcess
    private let dunst: CommandLineProcess

    static var isInstalled: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    init(choosing label: String) throws {
        directory = try TestDirectory()
        bus = try PrivateSessionBus()
        // -displayfd: Xvfb picks a free display and prints its number.
        display = try CommandLineProcess(program: "/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp"])
        let display = display
        try eventually("Xvfb to give its display: \(display.stderrSoFar)", timeout: 60) {
            display.stdoutSoFar.contains("\n")
        }
        let number = display.stdoutSoFar.trimmingCharacters(in: .whitespacesAndNewlines)
        // dunst writes one line per action, "#LABEL (SUMMARY) [ID,KEY]", and invokes the one read back.
        let menu = directory.url.appendingPathComponent("menu.sh").path
        try "#!/bin/sh\ngrep -m1 '^#\(label) '\n".write(toFile: menu, atomically: true, encoding: .utf8)
        chmod(menu, 0o755)
        let config = directory.url.appendingPathComponent("dunstrc").path
        try "[global]\n    dmenu = \(menu)\n".write(toFile: config, atomically: true, encoding: .utf8)
        dunst = try CommandLineProcess(
            program: "/usr/bin/dunst", ["-config", config],
            environment: bus.environment.merging(["DISPLAY": ":\(number)"]) { $1 })
        try bus.waitForOwner(of: "org.freedesktop.Notifications", "dunst (\(dunst.stderrSoFar))")
    }

    deinit {
        dunst.signal(SIGKILL)
        _ = dunst.finish()
        display.signal(SIGKILL)
        _ = display.finish()
    }

    var environment: [String: String] { bus.environment }

    /// `dunstctl ARGUMENTS`' output.
    func control(_ arguments: [String]) throws -> String {
        let result = try CommandLineProcess(program: "/usr/bin/dunstctl", arguments, environment: environment).finish()
        guard result.status == 0 else { throw TestFailure("dunstctl \(arguments): \(result.stderr)") }
        return result.stdout
    }
}
