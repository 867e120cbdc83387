import PickerPasswordAgent

extension AgentFailure {
    /// Runs an agent until it ends: exit 0, or its failure as the command's.
    static func exitStatus(running agent: () async throws(AgentFailure) -> Void) async throws -> Int32 {
        do throws(AgentFailure) {
            try await agent()
        } catch {
            throw CommandFailure(status: error.exitStatus, error.message)
        }
        return ExitStatus.submitted
    }
}
