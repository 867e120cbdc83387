import PickerCore
import PickerProtocol

/// A kind compiled into pickerd: its name, summary and default title are its
/// descriptor's (`BuiltInKind`), so what `plugins` says of it and what a
/// front-end reads from PickerProtocol are one text.
public protocol BuiltInPlugin: PickerPlugin {
    var builtIn: BuiltInKind { get }
}

extension BuiltInPlugin {
    public var kind: String { builtIn.name }
    public var summary: String { builtIn.summary }
    public var defaultTitle: String { builtIn.defaultTitle }
}
