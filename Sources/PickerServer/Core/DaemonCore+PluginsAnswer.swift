import PickerCore
import PickerJSON
import PickerProtocol

extension DaemonCore {
    /// `plugins`' result as text, serialized once per set of kinds.
    var serializedPluginsAnswer: [UInt8] {
        if let kept = pluginsAnswer, kept.generation == model.pluginsGeneration { return kept.text }
        var text: [UInt8] = []
        Plugins.encode(model.pluginDescriptions).serialize(into: &text)
        pluginsAnswer = (model.pluginsGeneration, text)
        return text
    }
}
