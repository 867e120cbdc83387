import ArgumentParser
import PickerClient
import PickerProtocol

/// `reload`: the config read again, as SIGHUP does.
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Make pickerd read its config again, as SIGHUP does; a bad config is refused (exit 78).",
        discussion: """
            Needs the admin permission. pickerd applies a good config at once and prints \
            nothing. It refuses a bad one and keeps the one it has: pickerctl then prints \
            pickerd's sentence, which names every problem by its key path, and exits 78 \
            (EX_CONFIG, as pickerd itself exits when it starts with a bad config). \
            `pickerd --check-config --config FILE` checks a file without a daemon.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withClient(global) { client in
            do throws(PickerClientError) {
                try await client.reload()
            } catch {
                guard error.code == .invalidParams else { throw error }
                throw CommandFailure(status: ExitStatus.badConfig, error.description)
            }
            return ExitStatus.submitted
        }
    }
}
