// An app imports PickerClient alone: the protocol's types (`Presentation`'s
// `Present`, `Outcome`, `WindowID`, `CivilDate`, the option names) and the
// JSON they carry come with it.
@_exported import PickerJSON
@_exported import PickerProtocol
