import Foundation
import PickerJSON
import PickerTestSupport
import Testing

@testable import PickerWeb

/// How pickerweb waits for a host that answers slowly or not at all: with
/// several hosts one that hangs is said away on the event stream and said
/// back when it answers again; one host alone is waited for however long.
/// Real pickerd, stopped with SIGSTOP; the bridge in-process.
@Suite(.tags(.process)) struct WebHostTimeoutTests {
    /// What a page's event stream received, in order.
    actor Received {
        private(set) var messages: [StreamMessage] = []
        func append(_ message: StreamMessage) { messages.append(message) }
    }

    /// Runs `bridge` and collects one page's stream while `body` runs.
    func following(_ bridge: DaemonBridge, _ body: (Received) async throws -> Void) async throws {
        let running = Task { await bridge.run() }
        defer { running.cancel() }
        let received = Received()
        let stream = await bridge.messages()
        let reading = Task { for await message in stream { await received.append(message) } }
        defer { reading.cancel() }
        try await body(received)
    }

    @Test func aHostThatHangsThenAnswersIsSaidAwayThenBackOnTheStream() async throws {
        let alpha = try DaemonProcess.named("alpha")
        let beta = try DaemonProcess.named("beta")
        defer { beta.signal(SIGCONT) }
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", beta.socketPath, "text", "--no-wait"]).status == 0)
        let bridge = DaemonBridge(hosts: [alpha.socketPath, beta.socketPath], readTimeout: .seconds(2))
        try await following(bridge) { received in
            try await eventually("beta's window read") {
                await bridge.state()["windows"]?.arrayValue?.count == 1
            }
            beta.signal(SIGSTOP)
            let state = await bridge.state()
            #expect(state["hosts"]?.arrayValue?.last?["reason"]?.stringValue?.contains("does not answer") == true)
            let away = StreamMessage.host(label: "beta.sock", connected: false)
            let back = StreamMessage.host(label: "beta.sock", connected: true)
            try await eventually("beta said away") { await received.messages.contains(away) }
            beta.signal(SIGCONT)
            // Nobody reads the state meanwhile: the stream alone says it is back.
            try await eventually("beta said back") {
                let messages = await received.messages
                return messages.lastIndex(of: back).map { $0 > messages.lastIndex(of: away)! } ?? false
            }
            #expect(await bridge.state()["windows"]?.arrayValue?.count == 1)
            // Two daemons' `seq`s are not one sequence: the stream gives no `id`.
            #expect(await received.messages.first == .sync(seq: nil))
        }
    }

    /// One host alone has no read timeout: a slow daemon is waited for, never
    /// shown as "pickerd is not running".
    @Test func aSlowSingleHostIsWaitedForNotDeclaredGone() async throws {
        let alpha = try DaemonProcess.named("alpha")
        defer { alpha.signal(SIGCONT) }
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", alpha.socketPath, "text", "--no-wait"]).status == 0)
        let timeout = Duration.milliseconds(200)
        let bridge = DaemonBridge(hosts: [alpha.socketPath], readTimeout: timeout)
        try await following(bridge) { _ in
            try await eventually("the window read") { await bridge.state()["windows"]?.arrayValue?.count == 1 }
            alpha.signal(SIGSTOP)
            let reading = Task { await bridge.state() }
            // Not a wait for a condition: what is tested is that this much time passing changes nothing.
            try await Task.sleep(for: timeout * 5)
            alpha.signal(SIGCONT)
            let state = await reading.value
            #expect(state["connected"] != false && state["windows"]?.arrayValue?.count == 1, "\(state)")
        }
    }
}
