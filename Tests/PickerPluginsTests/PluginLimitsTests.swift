import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@testable import PickerPlugins

/// The fixed size limits: a picker at a limit works as any other, one past it
/// is refused with a sentence naming the limit.
@Suite struct PluginLimitsTests {
    let harness = PluginHarness()

    static func strings(_ count: Int, _ prefix: String = "c") -> JSON {
        .array((0..<count).map { .string("\(prefix)\($0)") })
    }

    static func actions(_ count: Int) -> JSONObject {
        ["actions": .array((0..<count).map { ["label": .string("Action \($0)")] })]
    }

    @Test func anActionSheetHoldsAtMost1000Actions() throws {
        let sheet = Self.actions(PluginLimits.actions)
        #expect(try harness.normalize("actions", sheet, "Action 999") == ["index": 999, "label": "Action 999"])
        #expect(try harness.normalize("actions", sheet, ["index": 998]) == ["index": 998, "label": "Action 998"])
        #expect(
            harness.valueError("actions", sheet, "Action 1000")?.message.hasPrefix(
                "no action is labelled 'Action 1000'; the labels are Action 0,") == true)
        #expect(
            harness.optionsError("actions", Self.actions(1_001))
                == "an action sheet holds at most 1,000 actions; this one has 1,001")
        #expect(
            harness.optionsError("actions", Self.actions(58_000))
                == "an action sheet holds at most 1,000 actions; this one has 58,000")
    }

    /// Lengths count characters as a person sees them, not bytes.
    @Test func labelsChoicesAndNamesHoldAtMost1000Characters() {
        let longest = String(repeating: "日", count: PluginLimits.labelLength)
        let tooLong = longest + "本"
        let message = "a label, choice or name holds at most 1,000 characters;"
        #expect(harness.optionsError("actions", ["actions": [["label": .string(longest)]]]) == nil)
        #expect(
            harness.optionsError("actions", ["actions": [["label": "Save"], ["label": .string(tooLong)]]])
                == "\(message) the label of action 2 has 1,001")
        #expect(harness.optionsError("custom", ["columns": [["a", .string(longest)]]]) == nil)
        #expect(
            harness.optionsError("custom", ["columns": [["a"], ["b", .string(tooLong)]]])
                == "\(message) a choice in column 2 has 1,001")
        #expect(
            harness.optionsError("custom", ["tree": .object(JSONObject([(tooLong, JSON.array(["a"]))]))])
                == "\(message) a choice in option 'tree' has 1,001")
        #expect(
            harness.optionsError("custom", ["columns": [["a"]], "labels": [.string(tooLong)]])
                == "\(message) the label of column 1 has 1,001")
        #expect(
            harness.optionsError(
                "form", ["fields": [["name": .string(longest), "kind": "text", "label": .string(longest)]]]) == nil)
        #expect(
            harness.optionsError("form", ["fields": [["name": .string(tooLong), "kind": "text"]]])
                == "\(message) the name of field 1 has 1,001")
        #expect(
            harness.optionsError("form", ["fields": [["name": "who", "kind": "text", "label": .string(tooLong)]]])
                == "\(message) the label of field 'who' has 1,001")
    }

    @Test func aCustomPickerHoldsAtMost10ColumnsOf10000Choices() throws {
        let columns = (0..<PluginLimits.components).map { _ in Self.strings(PluginLimits.choicesPerColumn) }
        let widest: JSONObject = ["columns": .array(columns)]
        let last = JSON.array((0..<PluginLimits.components).map { _ in "c9999" })
        #expect(try harness.normalize("custom", widest, last) == last)
        #expect(try harness.normalize("custom", widest, .array((0..<10).map { _ in 9_999 })) == last)
        #expect(
            harness.optionsError("custom", ["columns": .array(columns + [["x"]])])
                == "a custom picker holds at most 10 columns; this one has 11")
        #expect(
            harness.optionsError("custom", ["columns": [["a"], Self.strings(10_001)]])
                == "a column holds at most 10,000 choices; column 2 has 10,001")
    }

    /// A tree `levels` deep with one choice per branch.
    static func chain(_ levels: Int) -> JSON {
        levels == 1 ? ["leaf"] : ["level \(levels)": chain(levels - 1)]
    }

    @Test func aTreeHoldsAtMost10Levels() throws {
        let deepest = try harness.prepare("custom", ["tree": Self.chain(PluginLimits.components)])
        #expect(deepest.initialValue?.arrayValue?.count == 10)
        #expect(
            harness.optionsError("custom", ["tree": Self.chain(11)])
                == "a custom picker has at most 10 columns, so a tree at most 10 levels; tree branch 'level 11 / level 10 / level 9 / level 8 / level 7 / level 6 / level 5 / level 4 / level 3' goes deeper"
        )
    }

    @Test func aTreeHoldsAtMost10000ChoicesPerBranchAnd100000InAll() throws {
        // 10 + 10 × 9,999 = 100,000 choices.
        let keys = (0..<10).map { "k\($0)" }
        let fullest = JSON.object(JSONObject(keys.map { ($0, Self.strings(9_999)) }))
        #expect(try harness.normalize("custom", ["tree": fullest], ["k9", "c9998"]) == ["k9", "c9998"])
        #expect(try harness.normalize("custom", ["tree": fullest], [9, 9_998]) == ["k9", "c9998"])
        #expect(
            harness.valueError("custom", ["tree": fullest], ["k9", "c9999"])?.message
                == "'c9999' is not under 'k9'; the choices there are c0, c1, c2, c3, c4, c5, c6, c7 and 9991 more")
        let overfull = JSON.object(JSONObject(keys.map { ($0, Self.strings($0 == "k9" ? 10_000 : 9_999)) }))
        #expect(
            harness.optionsError("custom", ["tree": overfull])
                == "a tree holds at most 100,000 choices, every level counted; this one has more")
        let wide = JSON.object(JSONObject((0..<70_000).map { ("k\($0)", ["x"]) }))
        #expect(
            harness.optionsError("custom", ["tree": wide])
                == "a column holds at most 10,000 choices; option 'tree' has 70,000")
        #expect(
            harness.optionsError("custom", ["tree": ["a": Self.strings(10_001)]])
                == "a column holds at most 10,000 choices; tree branch 'a' has 10,001")
    }

    static func fields(_ count: Int) -> JSONObject {
        [
            "fields": .array(
                (0..<count).map { ["name": .string("f\($0)"), "kind": "text", "required": .bool($0 % 2 == 0)] })
        ]
    }

    @Test func aFormHoldsAtMost1000Fields() throws {
        let form = Self.fields(PluginLimits.formFields)
        // Given in reverse: the value comes back in the fields' order, optional ones left out.
        let given = JSONObject((0..<1_000).reversed().filter { $0 % 4 != 1 }.map { ("f\($0)", JSON.string("v\($0)")) })
        let expected = JSONObject((0..<1_000).filter { $0 % 4 != 1 }.map { ("f\($0)", JSON.string("v\($0)")) })
        #expect(try harness.normalize("form", form, .object(given)) == .object(expected))
        #expect(harness.valueError("form", form, ["f0": "x"]) == PluginRejection("field 'f2' is required", field: "f2"))
        var unknown = given
        unknown["f1000"] = "x"
        #expect(harness.valueError("form", form, .object(unknown))?.field == "f1000")
        #expect(try harness.prepare("form", form).redact(.object(given)) == .object(given))
        #expect(
            harness.optionsError("form", Self.fields(1_001)) == "a form holds at most 1,000 fields; this one has 1,001")
        #expect(
            harness.optionsError("form", Self.fields(25_000))
                == "a form holds at most 1,000 fields; this one has 25,000")
    }

    /// A form field may be a preset of form; forms nest at most 3 deep.
    @Test func formsNestAtMost3Deep() throws {
        var registry = PluginRegistry.builtIn
        registry.register(
            PresetPlugin(Preset(kind: "group", base: "form"), base: PluginRegistry.builtIn.plugin(for: "form")!))
        let context = PluginContext(now: harness.now, timeZone: "UTC", registry: registry)
        func nested(_ depth: Int) -> JSONObject {
            depth == 1
                ? [
                    "fields": [
                        ["name": "pin", "kind": "text", "options": ["secure": true]], ["name": "who", "kind": "text"],
                    ]
                ]
                : ["fields": [["name": "inner", "kind": "group", "options": .object(nested(depth - 1))]]]
        }
        let deepest = try PluginRegistry.builtIn.plugin(for: "form")!.prepare(
            options: nested(PluginLimits.formNesting), context: context)
        let value: JSON = ["inner": ["inner": ["pin": "1234", "who": "Ada"]]]
        #expect(try deepest.normalize(value, context: context) == value)
        #expect(deepest.redact(value) == ["inner": ["inner": ["who": "Ada"]]])
        #expect(
            throws: PluginRejection(
                "forms nest at most 3 deep (a form in a form in a form); field 'inner' makes 4", field: "inner")
        ) {
            try PluginRegistry.builtIn.plugin(for: "form")!.prepare(options: nested(4), context: context)
        }
    }

    /// A preset field carries its base in the canonical options, so every
    /// front-end draws it by its base; a base a client gives is not believed.
    @Test func aPresetFieldCarriesItsBase() throws {
        var registry = PluginRegistry.builtIn
        registry.register(
            PresetPlugin(Preset(kind: "ticket", base: "text"), base: PluginRegistry.builtIn.plugin(for: "text")!))
        let context = PluginContext(now: harness.now, timeZone: "UTC", registry: registry)
        let form = try registry.plugin(for: "form")!.prepare(
            options: ["fields": [["name": "t", "kind": "ticket", "base": "date"], ["name": "when", "kind": "date"]]],
            context: context)
        let fields = FormField.fields(of: form.options)
        #expect(fields.map(\.base) == ["text", nil])
        #expect(fields.map(\.builtInKind) == [.text, .date])
        // The canonical options are taken again when a window is restored.
        let again = try registry.plugin(for: "form")!.prepare(options: form.options.objectValue!, context: context)
        #expect(again.options == form.options)
    }

    /// The `plugins` schemas say the limits too.
    @Test func theSchemasCarryTheLimits() throws {
        let registry = PluginRegistry.builtIn
        let actions = try #require(registry.plugin(for: "actions")?.optionsSchema["properties"]?["actions"])
        #expect(actions["maxItems"] == 1_000)
        #expect(actions["items"]?["properties"]?["label"]?["maxLength"] == 1_000)
        let custom = try #require(registry.plugin(for: "custom")?.optionsSchema["properties"])
        #expect(custom["columns"]?["maxItems"] == 10)
        #expect(custom["columns"]?["items"]?["maxItems"] == 10_000)
        #expect(custom["tree"]?["maxProperties"] == 10_000)
        #expect(
            custom["tree"]?["description"]?.stringValue?.hasSuffix(
                "at most 10 levels, 10,000 choices under one branch and 100,000 in all") == true)
        let fields = try #require(registry.plugin(for: "form")?.optionsSchema["properties"]?["fields"])
        #expect(fields["maxItems"] == 1_000)
        #expect(fields["items"]?["properties"]?["name"]?["maxLength"] == 1_000)
    }
}
