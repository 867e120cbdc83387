import ArgumentParser
import PickerClient

/// A command that does its work over one connection to the daemon and exits 0
/// unless that work throws.
protocol ClientCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    func run(with client: PickerClient) async throws
}

extension ClientCommand {
    func run() async throws {
        try await withClient(global) { client in
            // Named for the audit trail: an answer given here is `by.client` "pickerctl cancel".
            _ = try await client.hello(client: "pickerctl \(Self.configuration.commandName ?? "")")
            try await run(with: client)
            return ExitStatus.submitted
        }
    }
}
