import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

/// A model on a manual clock with the built-in plugins, and helpers to drive it.
struct ModelFixture {
    let clock = ManualClock(Timestamp(milliseconds: 1_790_000_000_000))
    let model: PickerModel
    static let alice = Owner(peer: Peer(uid: 1000, pid: 42), connection: ConnectionID(1))
    static let bob = Peer(uid: 1001, pid: 77)

    init(_ configure: (inout ModelConfiguration) -> Void = { _ in }) {
        var configuration = ModelConfiguration()
        configure(&configuration)
        model = PickerModel(
            configuration: configuration, levels: try! LevelTable(), plugins: .builtIn, clock: clock, idRandomness: nil)
    }

    @discardableResult
    func present(
        _ kind: String = "text", level: Level = .normal, options: JSONObject = [:], timeout: Int64? = nil,
        default defaultValue: JSON? = nil, hidden: Bool = false, onDisconnect: DisconnectPolicy = .keep,
        owner: Owner = ModelFixture.alice, title: String? = nil
    ) throws(PickerError) -> WindowID {
        try model.present(
            Present(
                kind: kind, title: title, options: options, timeoutMilliseconds: timeout, defaultValue: defaultValue,
                hidden: hidden, onDisconnect: onDisconnect),
            at: level, owner: owner
        ).window
    }

    /// Presents `count` windows (as `present()` does), then expects the next
    /// one to be refused with `error`: a limit of `count` reached.
    func expectRefused(
        afterPresenting count: Int, _ error: PickerError, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for _ in 0..<count { try present() }
        #expect(throws: error, sourceLocation: sourceLocation) { try present() }
    }

    /// Moves the clock on and fires what is due.
    func pass(milliseconds: Int64) {
        clock.advance(milliseconds: milliseconds)
        model.fireDueTimers()
    }

    /// Why a window ended; nil while it is open.
    func reason(of id: WindowID) -> OutcomeReason? {
        guard case .dismissed(let outcome) = model.lookup(id) else { return nil }
        return outcome.reason
    }

    /// Window ids top of the stack first.
    var order: [WindowID] { model.list().windows.map(\.window) }

    /// Events since the last call as `type window` strings.
    func events() -> [String] {
        model.takeEvents().map { "\($0.kind.rawValue) \($0.window?.rawValue ?? "-")" }
    }
}
