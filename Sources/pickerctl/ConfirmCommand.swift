import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

/// `confirm`: yes or no as an exit status, as `gum confirm` gives it.
struct ConfirmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Ask yes or no; exits 0 for yes and 1 for no, as gum confirm does, and prints nothing.",
        discussion: """
            A two-action sheet (kind actions): the yes action has the default role, the no \
            action the cancel role, so Escape in pickerctl ui (or pickerctl cancel) means no. \
            Without --title the title is "Are you sure?". --default takes the label of either \
            action, for --timeout. Exit status: 0 yes; 1 no, cancelled, dismissed or owner gone; \
            124 timed out without --default. --json prints the outcome object as well.
              pickerctl confirm --title "Deploy to prod?" --yes Deploy --no Wait && ./deploy
            """)

    static let defaultTitle = "Are you sure?"

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("The yes action's label.", valueName: "label"))
    var yes = "Yes"
    @Option(help: ArgumentHelp("The no action's label.", valueName: "label"))
    var no = "No"

    func validate() throws {
        if yes.isEmpty || no.isEmpty { throw ValidationError("--yes and --no need a label") }
        if yes == no { throw ValidationError("--yes and --no need different labels") }
    }

    func run() async throws {
        var common = self.common
        if common.title == nil { common.title = Self.defaultTitle }
        let actions: [JSON] = [(yes, "default"), (no, "cancel")].map { label, role in
            .object(JSONObject([ActionOption.label: .string(label), .role: .string(role)]))
        }
        let json = common.json
        try await common.ask(
            kind: .actions, options: JSONObject([ActionsOption.actions: .array(actions)]),
            finishing: { outcome in Self.finish(outcome, json: json) })
    }

    /// Yes (the first action, submitted or applied as the default at a
    /// timeout) is 0; no and every other end is 1.
    static func finish(_ outcome: Outcome, json: Bool) -> Int32 {
        if json { printJSON(outcome.json) }
        switch (outcome.reason, outcome.value) {
        case (.submitted, let value?), (.timeout, let value?):
            return value[ActionsValue.index]?.integerValue == 0 ? ExitStatus.submitted : ExitStatus.ended
        case (.timeout, nil):
            return ExitStatus.timedOut
        default:
            return ExitStatus.ended
        }
    }
}
