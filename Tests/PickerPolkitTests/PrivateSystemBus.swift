import Foundation
import PickerTestSupport

/// A D-Bus system bus of the test's own, and the real polkitd on it, in a
/// mount namespace of their own where the bus listens at the standard path.
///
/// The standard path, not `DBUS_SYSTEM_BUS_ADDRESS`: polkitd and an agent
/// honour that variable, but pkexec and polkit's helper do not. Both are
/// setuid root, and GLib (2.74) ignores the variable in a setuid program;
/// the helper also clears its whole environment first. So the bus listens at
/// `/run/dbus/system_bus_socket` on a tmpfs mounted over `/run/dbus` in a
/// private mount namespace (`unshare --mount`), and every process of the
/// test that talks to polkit runs in that namespace (`nsenter --mount`):
/// the machine's own system bus, if it has one, is never touched.
/// polkitd starts as root and changes to its user `polkitd` by itself.
final class PrivateSystemBus: @unchecked Sendable {
    // @unchecked: owned by one test.
    private let directory: TestDirectory
    private let bus: CommandLineProcess
    private let polkitd: CommandLineProcess
    /// The bus's process: its mount namespace is the test's.
    private let busPid: Int32

    init() throws {
        directory = try TestDirectory()
        let config = directory.url.appendingPathComponent("system-bus.conf").path
        try Self.configuration.write(toFile: config, atomically: true, encoding: .utf8)
        let script = """
            mkdir -p /run/dbus && mount -t tmpfs -o mode=0755 tmpfs /run/dbus && echo "pid $$" && \
            exec dbus-daemon --config-file=\(config) --nofork --print-address=1
            """
        bus = try CommandLineProcess(
            program: "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script])
        let bus = bus
        try eventually("the private system bus to listen: \(bus.stderrSoFar)", timeout: 60) {
            bus.stdoutSoFar.contains("unix:path=/run/dbus/system_bus_socket")
        }
        guard let line = bus.stdoutSoFar.split(separator: "\n").first(where: { $0.hasPrefix("pid ") }),
            let pid = Int32(line.dropFirst(4))
        else { throw TestFailure("the bus did not say its pid: \(bus.stdoutSoFar)") }
        busPid = pid
        polkitd = try CommandLineProcess(
            program: "/usr/bin/nsenter", ["--mount=/proc/\(pid)/ns/mnt", "--", "/usr/lib/polkit-1/polkitd"])
        let polkitd = polkitd
        try eventually("polkitd to take its name: \(polkitd.stdoutSoFar) \(polkitd.stderrSoFar)", timeout: 60) {
            (polkitd.stdoutSoFar + polkitd.stderrSoFar).contains("Acquired the name org.freedesktop.PolicyKit1")
        }
    }

    deinit {
        // SIGKILL: polkitd quits on SIGINT alone, and neither keeps anything
        // (the bus's tmpfs goes with its mount namespace).
        polkitd.signal(SIGKILL)
        _ = polkitd.finish()
        bus.signal(SIGKILL)
        _ = bus.finish()
    }

    /// The words that run a command in the bus's mount namespace.
    var inside: [String] { ["/usr/bin/nsenter", "--mount=/proc/\(busPid)/ns/mnt", "--"] }

    /// What polkitd said so far (it logs each agent and each authentication).
    var polkitdLog: String { polkitd.stdoutSoFar + polkitd.stderrSoFar }

    /// A system bus that lets anyone own any name and send anything: the
    /// test's own, where polkitd's policy file (`org.freedesktop.PolicyKit1.conf`)
    /// is not read. polkitd itself checks who calls it.
    static let configuration = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=/run/dbus/system_bus_socket</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow own="*"/>
            <allow send_destination="*"/>
            <allow receive_sender="*"/>
          </policy>
        </busconfig>
        """
}
