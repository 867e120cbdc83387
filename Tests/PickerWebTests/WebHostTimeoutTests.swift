import Foundation
import PickerJSON
import PickerProtocol
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

    /// Two daemons, named `alpha.sock` and `beta.sock` by the bridge, and a
    /// window presented on the one named `name`.
    static func twoDaemons(withWindowOn name: String) throws -> (alpha: DaemonProcess, beta: DaemonProcess) {
        let daemons = (alpha: try DaemonProcess.named("alpha"), beta: try DaemonProcess.named("beta"))
        let asked = name == "alpha" ? daemons.alpha : daemons.beta
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", asked.socketPath, "text", "--no-wait"]).status == 0)
        return daemons
    }

    @Test func aHostThatHangsThenAnswersIsSaidAwayThenBackOnTheStream() async throws {
        let (alpha, beta) = try Self.twoDaemons(withWindowOn: "beta")
        defer { beta.signal(SIGCONT) }
        let bridge = DaemonBridge(hosts: [alpha.socketPath, beta.socketPath], readTimeout: .seconds(2))
        try await following(bridge) { received in
            try await eventually("beta's window read") {
                await bridge.state()["windows"]?.arrayValue?.count == 1
            }
            beta.signal(SIGSTOP)
            try await eventually("beta away") {
                let reason = await bridge.state()["hosts"]?.arrayValue?.last?["reason"]?.stringValue
                return reason?.contains("does not answer") == true
            }
            let away = StreamMessage.host(label: "beta.sock", connected: false)
            let back = StreamMessage.host(label: "beta.sock", connected: true)
            try await eventually("beta said away") { await received.messages.contains(away) }
            beta.signal(SIGCONT)
            // Nobody reads the state meanwhile: the stream alone says it is back.
            try await eventually("beta said back") {
                let messages = await received.messages
                return messages.lastIndex(of: back).map { $0 > messages.lastIndex(of: away)! } ?? false
            }
            // And its window is shown again (a read may still be slow on a loaded machine: waited for).
            try await eventually("beta's window shown again") {
                await bridge.state()["windows"]?.arrayValue?.count == 1
            }
            // Two daemons' `seq`s are not one sequence: the stream gives no `id`.
            #expect(await received.messages.first == .sync(seq: nil))
        }
    }

    /// One host alone has no read timeout: a slow daemon is waited for, never
    /// shown as "pickerd is not running".
    @Test func aSlowSingleHostIsWaitedForNotDeclaredGone() async throws {
        let (alpha, other) = try Self.twoDaemons(withWindowOn: "alpha")
        defer { alpha.signal(SIGCONT) }
        let timeout = Duration.milliseconds(200)
        let bridge = DaemonBridge(hosts: [alpha.socketPath], readTimeout: timeout)
        // The clock to wait on: a bridge of two hosts, with the same timeout,
        // gives the same stopped daemon up once that much time has passed.
        let pair = DaemonBridge(hosts: [other.socketPath, alpha.socketPath], readTimeout: timeout)
        try await following(bridge) { _ in
            try await following(pair) { pairReceived in
                try await eventually("the window read") { await bridge.state()["windows"]?.arrayValue?.count == 1 }
                try await eventually("the pair's first read") { await pair.state()["windows"]?.arrayValue?.count == 1 }
                alpha.signal(SIGSTOP)
                let reading = Task { await bridge.state() }
                try await eventually("the timeout to pass, as the pair's bridge saw it") {
                    _ = await pair.state()
                    return await pairReceived.messages.contains(.host(label: "alpha.sock", connected: false))
                }
                alpha.signal(SIGCONT)
                let state = await reading.value
                #expect(state["connected"] != false && state["windows"]?.arrayValue?.count == 1, "\(state)")
            }
        }
    }

    /// A far host: each answer of its daemon comes `delay` late (a relay on a
    /// socket of its own, as a slow ssh link). With many windows a read is
    /// many round trips, longer in all than `readTimeout` but never quiet that long.
    @Test(.tags(.externalProgram)) func aHostThatAnswersSlowlyButSteadilyIsWaitedFor() async throws {
        let alpha = try DaemonProcess.named("alpha")
        let beta = try DaemonProcess.named("beta")
        for _ in 0..<8 {
            #expect(
                try CommandLineProcess.run("pickerctl", ["--socket", beta.socketPath, "text", "--no-wait"]).status == 0)
        }
        let folder = try TestDirectory()
        let far = folder.url.appendingPathComponent("far.sock").path
        let relay = try CommandLineProcess(
            program: "/usr/bin/env", ["python3", "-c", Self.slowRelay, far, beta.socketPath, "0.4"])
        defer {
            relay.signal(SIGKILL)  // it has nothing to save; SIGTERM left it running here
            _ = relay.finish()
        }
        // The file appears at bind, before listen: wait until a connection is taken.
        try await eventually("the relay listening") {
            guard case .success(let descriptor) = UnixSocket.connect(to: far) else { return false }
            close(descriptor)
            return true
        }
        // list, 8 gets and status: 10 round trips of 0.4 s, 4 s in all, 0.4 s
        // quiet at most (3 s leaves a loaded machine room between replies).
        let bridge = DaemonBridge(hosts: [alpha.socketPath, far], readTimeout: .seconds(3))
        try await following(bridge) { received in
            try await eventually("the far host connected") {
                await received.messages.contains(.host(label: "far.sock", connected: true))
            }
            try await eventually("the far host's 8 windows in the state", timeout: 60) {
                await bridge.state()["windows"]?.arrayValue?.count == 8
            }
            #expect(await !received.messages.contains(.host(label: "far.sock", connected: false)))
        }
    }

    /// Relays a Unix socket (argv[1]) to another (argv[2]), each chunk from the
    /// far end argv[3] seconds late.
    static let slowRelay = """
        import asyncio, sys
        listen, target, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
        async def pipe(reader, writer, late):
            while data := await reader.read(65536):
                await asyncio.sleep(late)  # the slow link under test, not a wait for a condition
                writer.write(data)
                await writer.drain()
            writer.close()
        async def relay(near_reader, near_writer):
            far_reader, far_writer = await asyncio.open_unix_connection(target)
            await asyncio.gather(pipe(near_reader, far_writer, 0), pipe(far_reader, near_writer, delay))
        async def main():
            server = await asyncio.start_unix_server(relay, listen)
            async with server:
                await server.serve_forever()
        asyncio.run(main())
        """
}
