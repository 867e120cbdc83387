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
    /// input ends or the window does (its wait then says how).
    static func move(_ field: FormField, of window: WindowID, with client: PickerClient) async {
        let start = ProgressState(percent: field.options[ProgressOption.pulsate]?.boolValue == true ? nil : 0)
        let input = ProgressInput(descriptor: 0, start: start, warn: printError)
        var sent = start
        for await _ in input.changes {
            let reading = input.current
            if reading.state != sent {
                do {
                    _ = try await client.update(
                        window: window, value: .object(JSONObject([(field.name, reading.state.json)])))
                } catch {
                    return
                }
                sent = reading.state
            }
            if reading.isAtEnd { return }
        }
    }
}
