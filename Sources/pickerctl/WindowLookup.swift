import PickerClient
import PickerProtocol

// Windows named without an id: the key window (get), or by tag (list,
// dismiss, wait). The protocol's `list` has no tag param, so pickerctl asks
// for the whole stack and picks the tagged windows itself.

extension PickerClient {
    /// The key window, or a failure (exit 65, as for submit and cancel) saying there is none.
    func keyWindow(naming command: String) async throws -> WindowID {
        guard let key = try await list().key else {
            throw CommandFailure(
                status: ExitStatus.rejected,
                "there is no key window (no window is open, or all are hidden or held by quiet hours); name one: pickerctl \(command) ID"
            )
        }
        return key
    }

    /// The open windows tagged `tag`, hidden ones included, top of the stack first.
    func windows(taggedWith tag: String) async throws -> [WindowSummary] {
        try await list().windows.filter { $0.tag == tag }
    }
}
