import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// pickerd's own -32005 sentence (issue 30, "Error polish"): what is wrong
/// (the window ended, how and when) and what to do (`wait` gives its
/// outcome), never "dismissed" for a window that was answered, never a value.
@Suite struct AlreadyEndedMessageTests {
    @Test func aRequestOnAnEndedWindowSaysHowItEndedAndWhatToDo() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text", options: ["secure": true])).window
        let submitted = try client.request(Submit(window: window, value: "hunter2")).get()
        let at = try #require(submitted["at"]?.stringValue)
        let id = window.rawValue
        for refused in [
            try client.request(Submit(window: window, value: "again")).failure,
            try client.request(Cancel(window: window)).failure,
            try client.request(Raise(window: window)).failure,
        ] {
            let error = try #require(refused)
            #expect(error.code == .alreadyDismissed)
            #expect(
                error.message
                    == "window \(id) has already ended (submitted at \(at)) and takes no more requests; wait on \(id) gives its outcome"
            )
            #expect(!error.message.contains("hunter2") && error.data?["outcome"]?["value"] == nil)
        }
    }
}
