import PickerProtocol

/// The limits and defaults the model enforces (from the daemon's config);
/// the limits default to the `limits` table's (`Limits`).
public struct ModelConfiguration: Sendable, Equatable {
    /// Open windows at most; `present` past it is refused. Owners other than
    /// `exemptUIDs` may fill only nine tenths of it, so those always have room.
    public var maxWindows = Limits().maxWindows
    /// Open windows one owner outside `exemptUIDs` may hold.
    public var maxWindowsPerUser = Limits().maxWindowsPerUser
    /// Owners no per-user quota applies to: the daemon's own user and root.
    public var exemptUIDs: Set<UInt32> = []
    /// Applied when `present` gives no `timeout_ms`; nil for no timeout.
    public var defaultTimeoutMilliseconds: Int64? = nil
    /// The longest `timeout_ms` accepted.
    public var maxTimeoutMilliseconds: Int64 = 7 * 24 * 3_600_000
    /// How long a dismissed window's outcome is kept for `wait` and `history`.
    public var retentionMilliseconds: Int64 = 600_000
    /// Outcomes kept at most, oldest dropped first.
    public var maxOutcomes = 10_000
    /// Outcomes kept of one owner outside `exemptUIDs`.
    public var maxOutcomesPerUser = Limits().maxOutcomesPerUser
    /// How long a `keep` window outlives its owner's connection; 0 keeps it forever.
    public var ownerGraceMilliseconds: Int64 = 0
    /// How long a `dismiss` window waits for its asker to come back (a `wait`
    /// from its owner's uid) after the owner's connection closed or the
    /// daemon restarted, before it ends as `owner_gone`; 0 ends it at once.
    public var reattachMilliseconds: Int64 = 5000
    /// The daemon's IANA time zone, the default of date pickers.
    public var timeZone = "UTC"

    public init() {}
}
