import Foundation
import PickerClient
import PickerTestSupport
import Testing

/// PickerClient refuses a daemon run by a user it has no reason to trust,
/// before it sends anything, unless it is told to trust that uid.
@Suite(.tags(.process)) struct ServerTrustClientTests {
    @Test func anotherUsersDaemonInADirectoryAnyoneCouldMakeIsRefused() async throws {
        let planted = try OwnedDirectory("/tmp/pickerd-test-\(UUID().uuidString.prefix(8))", owner: 65534, mode: 0o755)
        let impostor = try DaemonProcess.runningAs(
            uid: 65534, config: #"{"socket": {"mode": "0666"}}"#, socketPath: planted.path + "/pickerd.sock")
        #expect(throws: PickerClientError.untrustedServer(socket: impostor.socketPath, uid: 65534)) {
            try PickerClient.connect(socketPath: impostor.socketPath)
        }
        let trusting = try PickerClient.connect(socketPath: impostor.socketPath, trustedUIDs: [65534])
        defer { trusting.close() }
        try await trusting.ping()
    }
}
