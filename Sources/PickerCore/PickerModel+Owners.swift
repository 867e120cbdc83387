import PickerJSON
import PickerProtocol

/// Windows and their owners: an owner's connection closing and coming back,
/// and how many windows each owner may hold.
extension PickerModel {
    // MARK: owners

    /// The connection that presented some windows has closed: each waits for
    /// its owner to come back (`ownerLeft`).
    public func connectionClosed(_ connection: ConnectionID) {
        let now = catchUp()
        guard let ids = windowsByConnection.removeValue(forKey: connection) else { return }
        var ended = false
        for id in ids.sorted() {
            guard let window = windows[id] else { continue }
            window.owner.connection = nil
            if ownerLeft(window, at: now) { ended = true }
        }
        if ended { refreshKey() }
    }

    /// A window's owner has no connection (it closed, or the daemon
    /// restarted): a `dismiss` window ends `reattachMilliseconds` later, a
    /// `keep` window `ownerGraceMilliseconds` later (0: never), unless the
    /// owner comes back first. Whether it ended now.
    func ownerLeft(_ window: Window, at now: Timestamp) -> Bool {
        let grace =
            window.onDisconnect == .dismiss ? configuration.reattachMilliseconds : configuration.ownerGraceMilliseconds
        if window.onDisconnect == .dismiss, grace == 0 {
            end(window, reason: .ownerGone, value: nil, by: nil, at: now)
            return true
        }
        guard grace > 0 else { return false }
        let deadline = now.adding(milliseconds: grace)
        window.ownerGraceDeadline = deadline
        deadlines.schedule(.init(at: deadline, window: window.id, purpose: .ownerGrace))
        liveDeadlineCount += 1
        return false
    }

    /// The asker came back: a connection of the window's owner (same uid)
    /// waits on a window whose own connection is gone, and adopts it, so the
    /// window no longer ends for its owner's absence. A daemon restart or a
    /// dropped connection so costs the asker nothing if it returns in time.
    /// Whether it adopted the window.
    @discardableResult
    public func reattach(_ id: WindowID, to connection: ConnectionID, uid: UInt32) -> Bool {
        catchUp()
        guard let window = windows[id], window.owner.connection == nil, window.owner.peer.uid == uid else {
            return false
        }
        window.owner.connection = connection
        windowsByConnection[connection, default: []].insert(id)
        if window.ownerGraceDeadline != nil {
            window.ownerGraceDeadline = nil
            liveDeadlineCount -= 1
        }
        return true
    }

    /// Refuses a new window of `uid` past `maxWindows`, or for an owner outside
    /// `exemptUIDs`, past nine tenths of it or past `maxWindowsPerUser`.
    func checkWindowQuota(of uid: UInt32) throws(PickerError) {
        let total = configuration.maxWindows
        if configuration.exemptUIDs.contains(uid) {
            guard windows.count < total else {
                throw .limitReached(
                    "the daemon already holds \(total) windows, its limit (limits.max_windows); dismiss some first",
                    limit: .maxWindows)
            }
            return
        }
        let perUser = configuration.maxWindowsPerUser
        guard openWindowCount(ownedBy: uid) < perUser else {
            throw .limitReached(
                "uid \(uid) already has \(perUser) open windows, its limit (limits.max_windows_per_user); dismiss some first",
                limit: .maxWindowsPerUser)
        }
        let shared = total - total / 10
        guard windows.count < shared else {
            throw .limitReached(
                "the daemon already holds \(windows.count) windows, nine tenths of its limit of \(total) (limits.max_windows), the rest kept for its own user and root; dismiss some first",
                limit: .maxWindows)
        }
    }
}
