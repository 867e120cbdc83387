/// The daemon stopped because it could not save its state (a full disk, a
/// state file deleted under it). Nothing written since the last commit reached
/// a client. `pickerd` exits with status 70 (EX_SOFTWARE) on it.
public struct StateLoss: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public var description: String { reason }
}
