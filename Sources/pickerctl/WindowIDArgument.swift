import ArgumentParser
import PickerProtocol

/// A window id on the command line (`w12-k3f9q`); the daemon says whether it exists.
extension WindowID: ExpressibleByArgument {
    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        self.init(argument)
    }
}
