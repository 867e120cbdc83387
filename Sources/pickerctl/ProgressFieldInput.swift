import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl form` with a `progress` field: standard input moves that field
/// as it moves `pickerctl progress`'s bar (a number line sets the percentage,
/// `#text` the text; `ProgressInput`), by `update`s of that field alone, which
/// pickerd merges into the form without touching the person's fields. Only
/// this pickerctl's connection, the form's asker, may move it. At the end of
/// input the bar stays as it is and the form waits for the person.
enum ProgressFieldInput {
    /// The form's first progress field, when standard input may move it: not
    /// a terminal, where the person types into the form itself.
    static func field(of fields: [FormField]) -> FormField? {
        guard isatty(0) == 0 else { return nil }
        return fields.first { $0.builtInKind == .progress }
    }

    /// Sends the newest state as input changes, one update at a time, until
    /// input ends or the window does (its wait then says how). After a
    /// restart of pickerd the bar moves on over the connection that took the
    /// window back (`connections`, --reconnect). An update pickerd refuses is
    /// said in one sentence on standard error, and input is read on, as
    /// zenity reads on past a bad line: the next line may be taken.
    static func move(
        _ field: FormField, of window: WindowID, with client: PickerClient, following connections: AskerConnections
    ) async {
        let start = ProgressState(percent: field.options[ProgressOption.pulsate]?.boolValue == true ? nil : 0)
        let input = ProgressInput(descriptor: 0, start: start, warn: printError)
        let asker = AskerUpdates(client, following: connections)
        var sent = start
        /// The last refusal said, not said again until an update passes.
        var refusal: String?
        for await _ in input.changes {
            let reading = input.current
            if reading.state != sent {
                do {
                    _ = try await asker.send(
                        Update(window: window, value: .object(JSONObject([(field.name, reading.state.json)]))))
                    refusal = nil
                } catch .rpc(let error) where error.code != .alreadyDismissed && error.code != .noSuchWindow {
                    if !Task.isCancelled, error.message != refusal {
                        printError("pickerd did not move progress field \(field.name): \(error.message)")
                    }
                    refusal = error.message
                } catch {
                    // The window ended, or pickerd is gone for good: the wait says how.
                    return
                }
                sent = reading.state
            }
            if reading.isAtEnd { return }
        }
    }
}
