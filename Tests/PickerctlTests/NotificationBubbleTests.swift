import Foundation
import PickerJSON
import PickerProtocol
import Testing

@testable import pickerctl

/// What a notification holds for a window, without a bus: which kinds get
/// answers, what each key submits, and that only an offered key means anything.
@Suite struct NotificationBubbleTests {
    func window(_ kind: String, base: String? = nil, title: String = "T") -> WindowSummary {
        WindowSummary(
            window: WindowID("w1"), kind: kind, base: base, title: title, level: .normal, levelName: "normal",
            state: .visible, isKey: true, tag: nil, deadline: nil, createdAt: Timestamp(milliseconds: 0))
    }

    func actions(_ labels: [String]) -> JSON {
        .object(
            JSONObject([
                ActionsOption.actions: .array(labels.map { .object(JSONObject([ActionOption.label: .string($0)])) })
            ]))
    }

    @Test func aPresetOfActionsIsFoundThroughItsBase() {
        let bubble = NotificationBubble(
            window: window("confirm-ish", base: "actions"), options: actions(["Yes", "No"]),
            message: nil, pageAddress: nil, canOpen: true)
        #expect(bubble.actions.map(\.key) == ["answer-0", "answer-1", "default"])
        #expect(bubble.choice(forKey: "answer-1") == .answer(.object(JSONObject([ActionsValue.index: .integer(1)]))))
        #expect(bubble.choice(forKey: "default") == .open)
    }

    @Test func aKeyNotOfferedMeansNothing() {
        let bubble = NotificationBubble(
            window: window("actions"), options: actions(["Yes", "No"]), message: nil, pageAddress: nil, canOpen: false)
        #expect(bubble.choice(forKey: "answer-2") == nil)
        #expect(bubble.choice(forKey: "default") == nil, "no Open offered")
        #expect(bubble.choice(forKey: "") == nil)
    }

    @Test func fourActionsOrAChecklistGetNoAnswers() {
        let four = NotificationBubble(
            window: window("actions"), options: actions(["a", "b", "c", "d"]), message: nil, pageAddress: nil,
            canOpen: false)
        #expect(four.actions.isEmpty && !four.waits)
        let checklist = JSON.object(
            JSONObject([ListOption.choices: .array([.string("a"), .string("b")]), ListOption.multiple: .bool(true)]))
        #expect(NotificationBubble.answers(kind: .list, options: checklist).isEmpty)
    }

    /// A form's fields as `approve` asks them: a required decision of two
    /// choices, and `others` besides.
    func decisionForm(_ others: [JSON] = []) -> JSON {
        let decision = JSON.object(
            JSONObject([
                FormFieldOption.name: "decision", .kind: "list", .required: true,
                .options: .object(JSONObject([ListOption.choices: ["Approve", "Reject"]])),
            ]))
        return .object(JSONObject([FormOption.fields: .array([decision] + others)]))
    }

    func textField(_ name: String, required: Bool, options: JSONObject = [:]) -> JSON {
        .object(
            JSONObject([
                FormFieldOption.name: .string(name), .kind: "text", .required: .bool(required),
                .options: .object(options),
            ]))
    }

    /// approve's form: its one required field is a choice the bubble holds,
    /// so each choice submits the form with that field alone.
    @Test func aFormWhoseOneRequiredFieldIsAShortChoiceIsAnsweredByIt() {
        let bubble = NotificationBubble(
            window: window("form"), options: decisionForm([textField("reason", required: false)]),
            message: nil, pageAddress: nil, canOpen: true)
        #expect(bubble.actions.map(\.label) == ["Approve", "Reject", "Open"])
        #expect(bubble.choice(forKey: "answer-1") == .answer(["decision": ["Reject"]]))
    }

    /// A second required field (a reason the person must write), a nested
    /// form, or a secure optional field: the bubble cannot hold it, Open only.
    @Test func aFormWithMoreToFillIsLeftToOpen() {
        let reasonRequired = decisionForm([textField("reason", required: true)])
        #expect(NotificationBubble.answers(kind: .form, options: reasonRequired).isEmpty)
        let nested = JSON.object(
            JSONObject([
                FormOption.fields: [
                    .object(
                        JSONObject([
                            FormFieldOption.name: "inner", .kind: "form", .required: true, .options: decisionForm(),
                        ]))
                ]
            ]))
        #expect(NotificationBubble.answers(kind: .form, options: nested).isEmpty)
        let secure = NotificationBubble(
            window: window("form", title: "Sign"),
            options: decisionForm([textField("pin", required: false, options: JSONObject([TextOption.secure: true]))]),
            message: nil, pageAddress: nil, canOpen: true)
        #expect(secure.actions.map(\.key) == ["default"] && secure.body.isEmpty)
    }

    /// A window with a message (approve's details: a diff, a command) is
    /// what the person approves: the bubble never shows it, so Open only.
    @Test func aWindowWithAMessageIsLeftToOpen() {
        let bubble = NotificationBubble(
            window: window("form"), options: decisionForm([textField("reason", required: false)]),
            message: "rm -rf build", pageAddress: nil, canOpen: true)
        #expect(bubble.actions.map(\.key) == ["default"])
        #expect(bubble.choice(forKey: "answer-0") == nil)
        let empty = NotificationBubble(
            window: window("form"), options: decisionForm(), message: "", pageAddress: nil, canOpen: true)
        #expect(empty.actions.map(\.label) == ["Approve", "Reject", "Open"], "an empty message shows nothing")
    }

    /// An optional field that starts with a value (its own `initial`, or a
    /// nested field's) would be dropped by submitting the choice alone.
    @Test func aFormWithAnOptionalInitialValueIsLeftToOpen() {
        let withInitial = decisionForm([
            textField("reason", required: false, options: JSONObject([TextOption.initial: "looks fine"]))
        ])
        #expect(NotificationBubble.answers(kind: .form, options: withInitial).isEmpty)
        let nestedInitial = decisionForm([
            .object(
                JSONObject([
                    FormFieldOption.name: "more", .kind: "form", .required: false,
                    .options: .object(
                        JSONObject([
                            FormOption.fields: [
                                textField("note", required: false, options: JSONObject([TextOption.initial: "x"]))
                            ]
                        ])),
                ]))
        ])
        #expect(NotificationBubble.answers(kind: .form, options: nestedInitial).isEmpty)
        let emptyOptional = decisionForm([textField("reason", required: false)])
        #expect(NotificationBubble.answers(kind: .form, options: emptyOptional).map(\.label) == ["Approve", "Reject"])
    }

    @Test func aSecureTextIsItsTitleAlone() {
        let bubble = NotificationBubble(
            window: window("text", title: "Password"), options: .object(JSONObject([TextOption.secure: .bool(true)])),
            message: nil, pageAddress: "http://127.0.0.1:1/", canOpen: true)
        #expect(bubble.summary == "Password" && bubble.body.isEmpty)
        #expect(bubble.actions.map(\.key) == ["default"])
    }

    @Test func theBodyIsEscapedAndItsControlsGo() {
        var asked = window("text", title: "a\u{1B}[31mb")
        asked.owner = Peer(uid: getuid(), pid: 1, user: "ada", command: "<b>x</b>&\u{7}")
        let bubble = NotificationBubble(
            window: asked, options: .object([:]), message: nil, pageAddress: nil, canOpen: false)
        #expect(bubble.summary == "a[31mb")
        #expect(
            bubble.body.hasPrefix("asked by ada via &lt;b&gt;x&lt;/b&gt;&amp;. pickerd is waiting"), "\(bubble.body)")
    }
}
