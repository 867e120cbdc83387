import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

@Suite struct PresetReaderTests {
    let context = PluginContext(now: Timestamp(milliseconds: 1_790_000_000_000), timeZone: "UTC", registry: .builtIn)

    func problems(_ text: String) throws -> [String] {
        switch PresetReader.read(try JSON.parse(text), file: "p.json", bases: .builtIn, context: context) {
        case .success: return []
        case .failure(let problems): return problems.messages
        }
    }

    @Test func everyProblemIsNamedByItsKey() throws {
        #expect(try problems(#"{"base": "custom"}"#) == [#"kind: missing; name the new kind, like "flavor""#])
        #expect(
            try problems(#"{"kind": "Flavor", "base": "custom"}"#).first?.hasPrefix(
                "kind: 'Flavor' must be 1 to 40 lowercase") == true)
        #expect(
            try problems(#"{"kind": "date", "base": "custom"}"#) == [
                "kind: 'date' is a built-in kind; choose another name"
            ])
        #expect(
            try problems(#"{"kind": "x", "base": "dial"}"#).first?.hasPrefix("base: 'dial' is not a built-in kind")
                == true)
        #expect(
            try problems(#"{"kind": "x", "base": "text", "colour": 1}"#).first?.hasPrefix("colour: unknown key") == true
        )
        #expect(
            try problems(#"{"kind": "x", "base": "text", "exec": "/bin/true"}"#).first?.hasPrefix(
                "exec: must be a program and its arguments") == true)
        #expect(try problems(#"{"kind": "x", "base": "text", "exec": ["/bin/true", "--strict"]}"#) == [])
        #expect(
            try problems(#"{"kind": "x", "base": "text", "options": {"max": 3}}"#).first?.hasPrefix(
                "options.max: not an option of text") == true)
        #expect(
            try problems(#"{"kind": "x", "base": "text", "options": {"max_length": 3}, "defaults": {"max_length": 4}}"#)
                == ["defaults.max_length: also fixed in options; give it in one of the two"])
        #expect(
            try problems(#"{"kind": "x", "base": "text", "options": {"max_length": -1}}"#).first?.hasPrefix(
                "options: text refuses them:") == true)
        #expect(try problems(#"{"kind": "x", "base": "custom", "options": {"columns": [["a"]]}, "title": "T"}"#) == [])
    }
}
