import Foundation

/// Runs blocking work (waiting on a child process for minutes) on a thread
/// of its own, so the few threads Swift's concurrency shares among all the
/// tests stay free: a test that held one for minutes once starved an async
/// client test until its idle connection was closed under it.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
