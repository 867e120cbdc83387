import PickerClient
import PickerProtocol

extension WebError {
    /// The daemon's refusal as the page reads it: its sentence, and the status
    /// that says what kind of refusal it is.
    init(daemonError error: PickerClientError) {
        guard case .rpc(let rpc) = error else {
            self.init(.serviceUnavailable, "\(error)")
            return
        }
        let field = rpc.data?[WireName.field]?.stringValue
        switch rpc.code {
        case .invalidParams: self.init(.unprocessableContent, rpc.message, field: field)
        case .permissionDenied: self.init(.forbidden, rpc.message)
        case .noSuchWindow: self.init(.notFound, rpc.message)
        case .alreadyDismissed: self.init(.conflict, rpc.message)
        case .limitReached: self.init(.tooManyRequests, rpc.message)
        // No asker lists this file window: the page has the person type a path.
        case .browseUnavailable: self.init(.serviceUnavailable, rpc.message)
        default: self.init(.internalServerError, rpc.message)
        }
    }
}
