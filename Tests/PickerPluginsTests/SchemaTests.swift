import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

@Suite struct SchemaTests {
    @Test func everyKindDescribesItsOptionsAndValue() throws {
        let descriptions = PluginRegistry.builtIn.descriptions.map(\.json)
        #expect(
            descriptions.compactMap { $0["kind"]?.stringValue } == BuiltInKind.allCases.map(\.name))
        for description in descriptions {
            #expect(description["summary"]?.stringValue?.isEmpty == false)
            #expect(description["options"]?["type"] == "object")
            #expect(description["options"]?["additionalProperties"] == false)
            #expect(description["value"]?.objectValue != nil)
            #expect(try JSON.parse(description.serialized()) == description)
        }
    }

    /// The schema lists exactly the options a kind accepts: an unknown option's
    /// rejection names the known ones.
    @Test func schemaPropertiesAreTheAcceptedOptions() throws {
        let harness = PluginHarness()
        for plugin in PluginRegistry.builtIn.plugins {
            let properties = try #require(plugin.optionsSchema["properties"]?.objectValue?.keys)
            let message = try #require(harness.optionsError(plugin.kind, ["no_such_option": true]))
            #expect(
                message
                    == "unknown option 'no_such_option' for \(plugin.kind); known options are \(properties.joined(separator: ", "))"
            )
        }
    }
}
