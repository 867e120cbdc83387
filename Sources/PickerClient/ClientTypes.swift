import PickerJSON
import PickerProtocol

/// What `present` asks for: the `present` method's params.
public typealias Presentation = Present
