import Foundation

/// A directory made for a test where the test says (`/tmp/pickerd-$UID`, a
/// place under `/run`), with an owner and a mode, removed with all it holds
/// when released.
public final class OwnedDirectory: @unchecked Sendable {
    // @unchecked: immutable after init.
    public let path: String

    public init(_ path: String, owner: UInt32, mode: mode_t) throws {
        try? FileManager.default.removeItem(atPath: path)
        try Self.make(path, owner: owner, mode: mode)
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A directory, made anew, that belongs to `owner` (and the group of the
    /// same number), with exactly `mode`. Needs root for another owner.
    public static func make(_ path: String, owner: UInt32, mode: mode_t) throws {
        guard mkdir(path, mode) == 0, chown(path, owner, owner) == 0, chmod(path, mode) == 0 else {
            throw TestFailure("cannot make \(path) for uid \(owner): \(String(cString: strerror(errno)))")
        }
    }
}
