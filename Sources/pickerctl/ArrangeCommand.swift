import ArgumentParser
import PickerClient
import PickerProtocol

/// A daemon method that rearranges one window, with the abstract of the
/// pickerctl subcommand that sends it.
protocol ArrangingMethod: WindowMethod {
    static var abstract: String { get }
}

/// raise, lower, hide and show: each sends its method, which it is named
/// after, for one window, and prints nothing.
struct ArrangeCommand<Method: ArrangingMethod>: ClientCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Method.name, abstract: Method.abstract)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: WindowArgument

    func run(with client: PickerClient) async throws {
        _ = try await client.send(Method(window: target.window))
    }
}

extension Raise: ArrangingMethod {
    static let abstract = "Put a window on top of its level."
}

extension Lower: ArrangingMethod {
    static let abstract = "Put a window at the bottom of its level."
}

extension Hide: ArrangingMethod {
    static let abstract = "Hide a window; it keeps its place."
}

extension Show: ArrangingMethod {
    static let abstract = "Show a hidden window again."
}
