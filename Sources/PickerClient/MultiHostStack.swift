import PickerProtocol

/// Several daemons followed at once (`pickerctl ui --host local --host
/// ssh://build-7`), merged into the one stack a person answers: each host's
/// last snapshot, merged by level, then by age across hosts, top first.
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
        /// written (an alias), a socket's file name; the whole `--host` text
        /// when two hosts would share a label.
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

    /// `addresses`: each host as `--host` gives it (`local`, a socket path, `ssh://…`).
    public init(addresses: [String], labelsTitles: Bool = true) {
        hosts = Self.labels(for: addresses).map { Host(label: $0) }
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

    /// The order across hosts: higher level first, then newer first; a
    /// host's own order is kept among its windows (a raised window stays
    /// above a newer one of the same host), since each host's list is merged
    /// as it comes, never re-sorted.
    static func isAbove(_ a: WindowSummary, _ b: WindowSummary) -> Bool {
        (a.level, a.createdAt.milliseconds) > (b.level, b.createdAt.milliseconds)
    }

    private mutating func merge() {
        var lists = hosts.indices.map { (host: $0, windows: hosts[$0].snapshot?.windows[...] ?? []) }
        var windows: [WindowSummary] = []
        var contents: [WindowID: WindowDetails] = [:]
        var origins: [WindowID: (host: Int, window: WindowID)] = [:]
        // A daemon chooses its ids: two that qualify alike (host `a` sending
        // `b/w1` beside host `a/b`'s `w1`) are both left out, so no answer
        // can go to the wrong host.
        var seen: Set<WindowID> = []
        var ambiguous: Set<WindowID> = []
        for list in lists {
            for summary in list.windows where !seen.insert(qualified(summary.window, of: list.host)).inserted {
                ambiguous.insert(qualified(summary.window, of: list.host))
            }
        }
        // A k-way merge of lists each already top first.
        while let next = lists.indices.filter({ !lists[$0].windows.isEmpty }).min(by: { a, b in
            Self.isAbove(lists[a].windows.first!, lists[b].windows.first!)
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
        let key = keys.min { Self.isAbove($0.summary, $1.summary) }.map { qualified($0.summary.window, of: $0.host) }
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

    /// Each address's label; an address whose short label another shares
    /// is labelled as written.
    static func labels(for addresses: [String]) -> [String] {
        let short = addresses.map(shortLabel)
        return addresses.indices.map { index in
            short.filter { $0 == short[index] }.count > 1 ? addresses[index] : short[index]
        }
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
