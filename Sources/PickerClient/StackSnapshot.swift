import PickerJSON
import PickerProtocol

/// The stack as a front-end draws it at one moment: `list` (the windows,
/// top first, and the key), `status`'s quiet hours, and `get` of the windows
/// whose contents it shows. `pickerctl ui`, the web page and `pickerctl
/// notify` each read it again when an event says something changed.
public struct StackSnapshot: Sendable, Equatable {
    /// Which windows' contents (`get`) a snapshot reads.
    public enum Contents: Sendable {
        /// None: the summaries are enough (a notification).
        case none
        /// The key window's (a terminal shows one window).
        case key
        /// Every window's (the page shows them all).
        case all
    }

    public var list: WindowList
    /// `get`'s answer for each window read, by id. A window that ended
    /// between `list` and `get` has none; it is shown from its summary.
    public var contents: [WindowID: WindowDetails]
    /// Quiet hours in effect, if any. nil also when `status` was refused:
    /// it may need a right that `list` does not.
    public var quiet: QuietHours?
    /// How many windows quiet hours hold.
    public var waitingWindows: Int

    public init(
        list: WindowList, contents: [WindowID: WindowDetails] = [:], quiet: QuietHours? = nil, waitingWindows: Int = 0
    ) {
        self.list = list
        self.contents = contents
        self.quiet = quiet
        self.waitingWindows = waitingWindows
    }

    /// The windows, top of the stack first.
    public var windows: [WindowSummary] { list.windows }

    /// The key window's summary, if there is a key window.
    public var key: WindowSummary? { list.windows.first { $0.window == list.key } }

    /// `get`'s answer for `window`, when it was read.
    public func details(of window: WindowID) -> WindowDetails? { contents[window] }
}

extension PickerClient {
    /// The stack now: `list`, then `get` of the windows `contents` names,
    /// then `status`. A `get` or `status` that pickerd refuses (the window
    /// ended meanwhile; a right this connection lacks) leaves its part out;
    /// a lost connection or a cancelled task fails the whole snapshot.
    /// `answered` is called after each reply, so that a caller can tell a
    /// daemon that answers slowly from one that does not answer at all.
    public func snapshot(
        contents: StackSnapshot.Contents = .all, answered: @Sendable () -> Void = {}
    ) async throws(PickerClientError) -> StackSnapshot {
        let list = try await self.list()
        answered()
        let read: [WindowSummary]
        switch contents {
        case .none: read = []
        case .key: read = list.windows.filter { $0.window == list.key }
        case .all: read = list.windows
        }
        var details: [WindowID: WindowDetails] = [:]
        for summary in read {
            do { details[summary.window] = try await get(window: summary.window) } catch .rpc {}
            answered()
        }
        var status: DaemonStatus?
        do { status = try await self.status() } catch .rpc {}
        return StackSnapshot(
            list: list, contents: details, quiet: status?.quiet, waitingWindows: status?.waitingWindows ?? 0)
    }
}
