import PickerJSON
import PickerProtocol

/// What `pickerctl dial-stdio` tells the daemon before it relays a word of
/// the far client's: a `hello` notification (no id, so no answer comes back
/// to confuse that client) with `remote`, the ssh client's address from
/// `$SSH_CONNECTION`, which sshd sets. The daemon then records it in every
/// outcome answered on this connection (`by.remote`, history's BY "from …"),
/// next to the client's own name from its own `hello`. It is the relay's
/// word, as `client` is the client's: only the uid and pid are the kernel's.
/// Not run by sshd, it is a `hello` that names no host: the daemon takes
/// `remote` only in a connection's first message, so the far client cannot
/// name one either way.
enum RemoteHello {
    /// The line to send.
    static func line(environment: [String: String]) -> [UInt8] {
        let address = environment["SSH_CONNECTION"]?.split(separator: " ").first.map(String.init)
        let hello = Hello(remote: address.flatMap { $0.isEmpty ? nil : $0 })
        let request = RPCRequest(id: nil, method: Hello.name, params: hello.params)
        return Array((request.json.serialized() + "\n").utf8)
    }
}
