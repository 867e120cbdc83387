import Foundation
import PickerTestSupport
import Testing

/// The web page in a real browser: `Tests/Web/browser_tests.py` starts a
/// pickerd and a pickerweb of its own from the build folder, asks with
/// pickerctl, and answers in headless Chromium through Selenium, every kind by
/// clicks and by keyboard (its scenarios are listed in `Tests/Web/scenarios.py`).
/// It needs Chromium, its driver and Selenium (`Scripts/install-dependencies` installs them); without
/// them this test fails and says what to install, rather than passing unseen.
@Suite(.tags(.process, .browser)) struct BrowserTests {
    static let webTests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Web")

    @Test func thePageAnswersEveryKindInABrowser() async throws {
        let python = try Self.requireBrowser()
        let arguments = [
            Self.webTests.appendingPathComponent("browser_tests.py").path,
            "--pickerd", DaemonProcess.executable("pickerd").path,
            "--pickerctl", DaemonProcess.executable("pickerctl").path,
            "--pickerweb", DaemonProcess.executable("pickerweb").path,
        ]
        let run = try await offThePool { try Command.run(python, arguments) }
        #expect(run.status == 0, "Tests/Web/browser_tests.py exited \(run.status):\n\(run.output)")
    }

    /// python3, once Chromium, chromedriver and Selenium are all there.
    static func requireBrowser() throws -> String {
        guard let python = Self.program("python3") else {
            throw TestFailure("the browser tests need python3 (apt-get install python3)")
        }
        var missing: [String] = []
        if Self.program("chromium") == nil && Self.program("chromium-browser") == nil {
            missing.append("Chromium (apt-get install chromium)")
        }
        if Self.program("chromedriver") == nil { missing.append("its driver (apt-get install chromium-driver)") }
        let selenium = try Command.run(python, ["-c", "import selenium"])
        if selenium.status != 0 { missing.append("Selenium for \(python) (pip install selenium)") }
        guard missing.isEmpty else {
            throw TestFailure(
                "the browser tests cannot run without \(missing.joined(separator: ", ")); Scripts/install-dependencies installs them"
            )
        }
        return python
    }

    /// The path of `name` on PATH, if any.
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
