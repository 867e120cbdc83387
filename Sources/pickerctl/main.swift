import PickerCore

// The client arrives with the pickerctl issue; until then this prints its version.
print("pickerctl \(PickerdVersion.current)")
