import PickerPasswordAgent

extension AgentFailure {
    /// The exit status of an agent command (ask-password-agent, polkit-agent) that cannot run.
    var exitStatus: Int32 {
        switch kind {
        case .usage: ExitStatus.usage
        case .permissionDenied: ExitStatus.permissionDenied
        case .unavailable: ExitStatus.unreachable
        case .internalError: ExitStatus.internalError
        }
    }

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
