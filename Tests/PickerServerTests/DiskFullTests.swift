import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The disk holding the state fills up: the daemon stops acknowledging, says
/// why, and once there is room again starts with everything it acknowledged.
/// The test mounts a small tmpfs, so it needs root (as CI runs).
@Suite(.tags(.process)) struct DiskFullTests {
    @Test func aFullDiskLosesNothingAcknowledgedAndTheNextStartSucceeds() throws {
        let home = try TestDirectory()
        let state = home.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let mounted = try Command.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", state.path])
        try #require(mounted.status == 0, "mounting a small tmpfs needs root and CAP_SYS_ADMIN: \(mounted.output)")
        defer { _ = try? Command.run("/bin/umount", ["-l", state.path]) }

        var daemon = try DaemonProcess(home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        var acknowledged: Set<JSON> = []
        let title = JSON.string(String(repeating: "t", count: 1000))
        fill: for _ in 0..<100 {
            client.send(
                .array(
                    (0..<50).map {
                        client.request("present", ["kind": "text", "title": title], id: .integer(Int64($0)))
                    }))
            guard let answers = try? client.readMessage(timeout: 20)?.arrayValue else { break fill }
            for answer in answers { if let window = answer["result"]?["window"] { acknowledged.insert(window) } }
        }
        try eventually("the daemon to stop once it cannot save") { !daemon.isRunning }
        #expect(
            daemon.log.contains("the disk holding the state directory is full: free some space and start pickerd again")
        )
        // Batches are answered whole, 50 at a time; how many fit in 1 MiB
        // depends on the row's size and when the log is checkpointed (100 or
        // 150 here), so the claim is that some did, and all of them come back.
        #expect(acknowledged.count >= 50, "only \(acknowledged.count) windows fit")

        // Still full: the start is refused with the reason.
        let refused = try CommandLineProcess.run(
            "pickerd", ["--socket", home.url.appendingPathComponent("again.sock").path, "--state-dir", state.path])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("the disk holding it is full; free some space and start pickerd again"),
            "\(refused.stderr)")

        // Room again: everything acknowledged is back.
        let grown = try Command.run("/bin/mount", ["-o", "remount,size=16m", state.path])
        try #require(grown.status == 0, "\(grown.output)")
        daemon = try DaemonProcess(home: home)
        let again = try TestClient(socketPath: daemon.socketPath)
        let windows = try again.result("list")["windows"]?.arrayValue?.compactMap { $0["window"] } ?? []
        #expect(
            acknowledged.isSubset(of: Set(windows)),
            "\(acknowledged.subtracting(windows).count) acknowledged windows were lost")
        #expect(try again.result("present", ["kind": "text"])["window"] != nil)
        print(
            "disk full after \(acknowledged.count) acknowledged windows; all \(windows.count) came back once there was room"
        )
    }
}
