import ArgumentParser
import PickerClient
import PickerProtocol

/// A move of a window in the stack, with the abstract of the pickerctl
/// subcommand that makes it.
protocol ArrangingMove: StackMove {
    static var abstract: String { get }
}

/// raise, lower, hide and show: each sends its method, which it is named
/// after, for one window, and prints nothing.
struct ArrangeCommand<Move: ArrangingMove>: ClientCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Move.name, abstract: Move.abstract)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: WindowArgument

    func run(with client: PickerClient) async throws {
        _ = try await client.send(StackMethod<Move>(window: target.window))
    }
}

extension Raising: ArrangingMove {
    static let abstract = "Put a window on top of its level."
}

extension Lowering: ArrangingMove {
    static let abstract = "Put a window at the bottom of its level."
}

extension Hiding: ArrangingMove {
    static let abstract = "Hide a window; it keeps its place."
}

extension Showing: ArrangingMove {
    static let abstract = "Show a hidden window again."
}
