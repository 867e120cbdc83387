/// Where a window is: on the stack (`visible`), off it (`hidden`), held by
/// quiet hours (`waiting`), or ended (`dismissed`).
public enum WindowState: String, Sendable, Hashable {
    case visible
    case hidden
    case waiting
    case dismissed
}
