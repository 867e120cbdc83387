import PickerCore

// The daemon arrives with the protocol issue; until then this prints its version.
print("pickerd \(PickerdVersion.current)")
