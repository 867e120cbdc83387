/// The version pickerd and pickerctl report (`hello`, `status`, `--version`).
public enum PickerdVersion {
    public static let current = "0.1.0"
}
