import PickerProtocol

/// Several daemons followed at once (`pickerctl ui --host local --host
/// ssh://build-7`), merged into the one stack a person answers: each host's
/// last snapshot, merged by level, then by when this follower first saw each
/// window, top first (`Standing`): never by a host's own clock or its word on
/// how high a level may go, so no host can keep its windows above the others'.
///
/// The merge is a `StackSnapshot` a single-host front-end draws unchanged:
/// each window's id is qualified by its host (`build-7/w3`), since two
/// daemons make the same ids, and its title starts with the host's label
/// (`build-7: Deploy date`). `locate` turns a qualified id back into the
/// host and the id that daemon knows, so answers go to the daemon that asked.
/// With one host nothing is qualified or labelled: the stack is that host's.
///
/// Model only (no connections): the front-end feeds it each host's snapshot
/// and each loss.
public struct MultiHostStack: Sendable {
    /// One followed daemon: its label and what was last read from it.
    public struct Host: Sendable {
        /// Short, as the person knows the host: `local`, the ssh host as
        /// written (an alias), a socket's file name; `build-7#2` for the second
        /// host that would share a label. Never holds `/` (escaped `%2F`), and
        /// no two hosts share one, so `label/id` names one host's window.
        public let label: String
        /// Its stack when last read; nil while it is not followed.
        public fileprivate(set) var snapshot: StackSnapshot?
        /// Why it went away, while it is away.
        public fileprivate(set) var lostBecause: String?
    }

    public private(set) var hosts: [Host]
    /// The merged stack, rebuilt at each change.
    public private(set) var merged = StackSnapshot(list: WindowList(key: nil, windows: []))
    /// Qualified id → (host, the daemon's own id).
    private var origins: [WindowID: (host: Int, window: WindowID)] = [:]
    /// Whether each title starts with its host's label; the web page leaves
    /// titles as asked and shows the label apart (each host's `label`, found
    /// through `locate`).
    private let labelsTitles: Bool
    /// What this follower saw of each host's windows, by the id the host knows.
    private var seen: [[WindowID: Seen]]
    /// Counts what was seen: the follower's own clock, which no host sets.
    private var sightings = 0

    /// When this follower first saw a window, and when it last came forward
    /// (first seen, or brought forward by `bringForward`): counts of sightings.
    private struct Seen {
        var first: Int
        var forward: Int
    }

    /// Where a window stands across hosts: higher first, then the one that
    /// came forward last.
    public struct Standing: Sendable, Comparable {
        /// The window's level clamped to the named ones (`crossHostLevel`).
        public let level: Level
        public let forward: Int

        public static func < (a: Standing, b: Standing) -> Bool { (a.level, a.forward) < (b.level, b.forward) }
    }

    /// `addresses`: each host as `--host` gives it (`local`, a socket path, `ssh://…`).
    public init(addresses: [String], labelsTitles: Bool = true) {
        hosts = Self.labels(for: addresses).map { Host(label: $0) }
        seen = Array(repeating: [:], count: addresses.count)
        self.labelsTitles = labelsTitles
    }

    /// Whether window ids and titles carry the host (more than one host).
    public var isQualified: Bool { hosts.count > 1 }

    /// Host `host` was read again.
    public mutating func update(host: Int, snapshot: StackSnapshot) {
        hosts[host].snapshot = snapshot
        hosts[host].lostBecause = nil
        merge()
    }

    /// Host `host` went away (`reason`); its windows leave the stack. True
    /// the first time only, so a front-end says it once while the host is
    /// retried.
    @discardableResult
    public mutating func lose(host: Int, because reason: String) -> Bool {
        let first = hosts[host].lostBecause == nil
        hosts[host].snapshot = nil
        hosts[host].lostBecause = hosts[host].lostBecause ?? reason
        merge()
        return first
    }

    /// The host that asked the window `qualified` names, and its id there.
    public func locate(_ qualified: WindowID) -> (host: Int, window: WindowID)? {
        isQualified ? origins[qualified] : (hosts.isEmpty ? nil : (0, qualified))
    }

    /// `window` of host `host` as the merged stack names it.
    public func qualified(_ window: WindowID, of host: Int) -> WindowID {
        isQualified ? WindowID(hosts[host].label + "/" + window.rawValue) : window
    }

    /// Ctrl-N across hosts: the window `qualified` names comes forward, above
    /// every window of its level on any host (its host, told to `raise` it,
    /// keeps the host's own order). Only this follower's person does this: a
    /// host that raises its own windows moves them among its own only.
    public mutating func bringForward(_ qualified: WindowID) {
        guard let (host, window) = locate(qualified), seen[host][window] != nil else { return }
        sightings += 1
        seen[host][window]!.forward = sightings
        merge()
    }

    /// Where `summary` of host `host` stands in the order across hosts.
    func standing(of summary: WindowSummary, host: Int) -> Standing {
        Standing(level: Self.crossHostLevel(summary.level), forward: seen[host][summary.window]?.forward ?? 0)
    }

    /// The level a window counts at across hosts: the named level at or
    /// below its own (normal, status bar, alert). A host may send any level
    /// (100000); above alert it counts as alert, below normal as normal.
    public static func crossHostLevel(_ level: Level) -> Level {
        [Level.alert, .statusBar].first { level >= $0 } ?? .normal
    }

    /// Where Ctrl-N and Ctrl-P go round: the windows of the key's `level`,
    /// in `order`, oldest first. With one host, the host's own level and age;
    /// across hosts, the level they count at and when this follower first saw
    /// them (bringing one forward does not move it in the round).
    public func roundPlace(of summary: WindowSummary) -> (level: Level, order: Int64) {
        guard isQualified, let (host, window) = locate(summary.window), let seen = seen[host][window] else {
            return (summary.level, summary.createdAt.milliseconds)
        }
        return (Self.crossHostLevel(summary.level), Int64(seen.first))
    }

    /// Notes the windows each host shows that were not seen before, each
    /// host's bottom one first (so a host's top is its newest), and forgets
    /// those a followed host no longer has. A host that is away keeps what
    /// was seen of it, so its windows come back where they were.
    private mutating func noteSightings() {
        for host in hosts.indices {
            guard let windows = hosts[host].snapshot?.windows else { continue }
            let shown = Set(windows.map(\.window))
            seen[host] = seen[host].filter { shown.contains($0.key) }
            for summary in windows.reversed() where seen[host][summary.window] == nil {
                sightings += 1
                seen[host][summary.window] = Seen(first: sightings, forward: sightings)
            }
        }
    }

    private mutating func merge() {
        noteSightings()
        var lists = hosts.indices.map { (host: $0, windows: hosts[$0].snapshot?.windows[...] ?? []) }
        var windows: [WindowSummary] = []
        var contents: [WindowID: WindowDetails] = [:]
        var origins: [WindowID: (host: Int, window: WindowID)] = [:]
        // Labels hold no `/` and differ, so two hosts' ids never qualify
        // alike; a daemon listing one id twice still could: both are left
        // out, so no answer can go to the wrong window.
        var seen: Set<WindowID> = []
        var ambiguous: Set<WindowID> = []
        for list in lists {
            for summary in list.windows where !seen.insert(qualified(summary.window, of: list.host)).inserted {
                ambiguous.insert(qualified(summary.window, of: list.host))
            }
        }
        // A k-way merge of lists each already top first: a host's own order
        // is kept among its windows (a raised window stays above a newer one
        // of the same host), never re-sorted.
        while let next = lists.indices.filter({ !lists[$0].windows.isEmpty }).max(by: { a, b in
            standing(of: lists[a].windows.first!, host: lists[a].host)
                < standing(of: lists[b].windows.first!, host: lists[b].host)
        }) {
            let host = lists[next].host
            let summary = lists[next].windows.removeFirst()
            let qualified = qualified(summary.window, of: host)
            guard !ambiguous.contains(qualified) else { continue }
            origins[qualified] = (host, summary.window)
            windows.append(labelled(summary, of: host))
            if var details = hosts[host].snapshot?.details(of: summary.window) {
                details.summary = labelled(details.summary, of: host)
                contents[qualified] = details
            }
        }
        // The key is the topmost of the hosts' own keys: a host's key rule
        // (raise, hidden windows, quiet hours) holds inside the merge.
        let keys = hosts.indices.compactMap { host in
            hosts[host].snapshot?.key.map { (host: host, summary: $0) }
        }.filter { !ambiguous.contains(qualified($0.summary.window, of: $0.host)) }
        let key = keys.max { standing(of: $0.summary, host: $0.host) < standing(of: $1.summary, host: $1.host) }
            .map { qualified($0.summary.window, of: $0.host) }
        for index in windows.indices { windows[index].isKey = windows[index].window == key }
        let followed = hosts.compactMap(\.snapshot)
        merged = StackSnapshot(
            list: WindowList(key: key, windows: windows), contents: contents,
            quiet: followed.lazy.compactMap(\.quiet).first,
            waitingWindows: followed.reduce(0) { $0 + $1.waitingWindows })
        self.origins = origins
    }

    private func labelled(_ summary: WindowSummary, of host: Int) -> WindowSummary {
        guard isQualified else { return summary }
        var summary = summary
        summary.window = qualified(summary.window, of: host)
        if labelsTitles { summary.title = hosts[host].label + ": " + summary.title }
        return summary
    }

    /// Each address's label: its short one, with `/` escaped (`%2F`, and `%`
    /// as `%25`); a host whose short label an earlier one has takes the
    /// first free number (`build-7#2`), never another host's short label.
    static func labels(for addresses: [String]) -> [String] {
        let short = addresses.map {
            shortLabel($0).replacing("%", with: "%25").replacing("/", with: "%2F")
        }
        var labels: [String] = []
        for wanted in short {
            var label = wanted
            var number = 1
            while labels.contains(label) || (label != wanted && short.contains(label)) {
                number += 1
                label = "\(wanted)#\(number)"
            }
            labels.append(label)
        }
        return labels
    }

    private static func shortLabel(_ address: String) -> String {
        switch try? DaemonAddress(parsing: address) {
        case .ssh(let destination): destination.host
        case .socket(let path?): path.split(separator: "/").last.map(String.init) ?? path
        case .socket(nil): DaemonAddress.localName
        case nil: address
        }
    }
}
