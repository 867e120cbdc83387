/// The state database was deleted or replaced while the daemon ran.
struct StateLost: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "the state database \(path) was deleted or replaced while pickerd ran; nothing more can be kept there"
    }
}
