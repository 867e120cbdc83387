import ArgumentParser
import PickerProtocol

/// A window id on the command line (`w12-k3f9q`); the daemon says whether it exists.
extension WindowID: ExpressibleByArgument {
    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        self.init(argument)
    }
}

/// The one window a command acts on, named by its id.
struct WindowArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The window.", valueName: "id"))
    var window: WindowID
}

/// The window a command acts on, when the command has a default for it.
struct OptionalWindowArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The window.", valueName: "id"))
    var window: WindowID?
}
