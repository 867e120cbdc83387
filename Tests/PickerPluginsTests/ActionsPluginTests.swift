import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct ActionsPluginTests {
    let harness = PluginHarness()
    let sheet: JSONObject = [
        "actions": [
            ["label": "Save", "role": "default"], ["label": "Discard", "role": "destructive"],
            ["label": "Cancel", "role": "cancel"],
        ]
    ]

    @Test func everyValueFormNormalizesToIndexAndLabel() throws {
        let expected: JSON = ["index": 1, "label": "Discard"]
        for form: JSON in [1, "Discard", ["index": 1], ["label": "Discard"], ["index": 1, "label": "Discard"]] {
            #expect(try harness.normalize("actions", sheet, form) == expected, "\(form)")
        }
    }

    @Test func disagreeingOrUnknownChoicesAreRejected() {
        #expect(
            harness.valueError("actions", sheet, ["index": 0, "label": "Discard"])?.message
                == "index 0 and label 'Discard' name different actions")
        #expect(
            harness.valueError("actions", sheet, 3)?.message
                == "there is no action at index 3; the 3 actions have the indices 0–2")
        #expect(
            harness.valueError("actions", sheet, "Delete")?.message
                == "no action is labelled 'Delete'; the labels are Save, Discard, Cancel")
        #expect(harness.valueError("actions", sheet, [:])?.message == "an action value needs an index or a label")
        #expect(harness.valueError("actions", sheet, [1])?.message.hasPrefix("an action value must be") == true)
    }

    @Test func theCancelRoleCancels() throws {
        let picker = try harness.prepare("actions", sheet)
        #expect(picker.reason(forSubmitting: ["index": 2, "label": "Cancel"]) == .cancelled)
        #expect(picker.reason(forSubmitting: ["index": 1, "label": "Discard"]) == .submitted)
        #expect(picker.initialValue == ["index": 0, "label": "Save"])
    }

    @Test func atMostOneCancelAndUniqueLabels() {
        #expect(
            harness.optionsError(
                "actions", ["actions": [["label": "No", "role": "cancel"], ["label": "Stop", "role": "cancel"]]])
                == "only one action may have the cancel role")
        #expect(
            harness.optionsError("actions", ["actions": [["label": "A"], ["label": "A"]]])
                == "two actions are labelled 'A'; labels must be unique")
        #expect(
            harness.optionsError("actions", ["actions": [["label": "A", "role": "primary"]]])
                == "action 'A' has role 'primary'; use default, cancel or destructive")
        #expect(
            harness.optionsError("actions", ["actions": []])
                == "an actions picker needs option 'actions' with at least one action")
        #expect(harness.optionsError("actions", ["actions": [["label": ""]]]) == "action 1 needs a non-empty label")
        #expect(
            harness.optionsError("actions", ["actions": ["Save"]])
                == #"action 1 must be an object like {"label":"Save"}"#)
    }
}
