import PickerClient
import PickerJSON
import PickerProtocol

/// A key pressed in one window's view, and what it sends to pickerd: an
/// edit as a live update (never a secret's), Enter as `submit`, Escape as
/// `cancel` (or the kind's own answer to it). Shared by `pickerctl ui` and
/// the inline picker, so a key means the same in both.
enum ViewKeyPress {
    enum Result {
        case none
        /// The view changed; `echoed`: pickerd accepted the live update and
        /// will send exactly one `window.changed` for it.
        case edited(echoed: Bool)
        /// Submitted or cancelled here.
        case ended(Outcome)
        /// pickerd refused the answer: its sentence, shown beside the view.
        case refused(String)
    }

    static func handle(_ pressed: Key, in view: inout any PickerView, of window: WindowID, client: PickerClient) async
        -> Result
    {
        let action = view.handle(pressed)
        switch action {
        case .changed:
            guard !view.isSecret else {
                markFixed(&view, refusedField: nil)
                return .edited(echoed: false)
            }
            do {
                _ = try await client.update(window: window, value: view.value)
                markFixed(&view, refusedField: nil)
                return .edited(echoed: true)
            } catch {
                markFixed(&view, refusedField: field(of: error))
                return .edited(echoed: false)
            }
        case .submit:
            return await submit(view.value, from: &view, to: window, with: client)
        case .submitValue(let value):
            return await submit(value, from: &view, to: window, with: client)
        case .browse:
            await listIfWanted(&view, of: window, client: client)
            return .edited(echoed: false)
        case .none where pressed == .escape && view.escapeCancels:
            guard let outcome = try? await client.cancel(window: window) else { return .none }
            return .ended(outcome)
        case .none:
            return .none
        }
    }

    private static func submit(
        _ value: JSON, from view: inout any PickerView, to window: WindowID, with client: PickerClient
    ) async -> Result {
        do {
            return .ended(try await client.submit(window: window, value: value))
        } catch {
            if var form = view as? FormFields {
                form.rejectedField = field(of: error)
                view = form
            }
            return .refused("\(error)")
        }
    }

    /// Lists the directory a file window's view wants (`browse`, answered
    /// by its asker through pickerd). -32008 (no asker lists, or not in
    /// time) has the person type a path; a directory the asker refused
    /// leaves the view where it was, saying why.
    static func listIfWanted(_ view: inout any PickerView, of window: WindowID, client: PickerClient) async {
        guard var browser = view as? FileBrowser, let path = browser.wantsListing else { return }
        do {
            browser.received(.success(try await client.send(Browse(window: window, path: path))))
        } catch {
            let rpc: RPCError? = if case .rpc(let rpc) = error { rpc } else { nil }
            browser.received(
                .failure(
                    BrowseFailure(
                        sentence: rpc?.message ?? "\(error)",
                        letsTheAskerList: rpc != nil && rpc?.code != .browseUnavailable)))
        }
        view = browser
    }

    /// The form field an error is about (`data.field`), if any.
    private static func field(of error: PickerClientError) -> String? {
        guard case .rpc(let rpc) = error else { return nil }
        return rpc.data?[WireName.field]?.stringValue
    }

    /// After an edit of a form: the rejected field's ✗ goes once that field
    /// was edited and the daemon did not refuse it again (`refusedField`).
    private static func markFixed(_ view: inout any PickerView, refusedField: String?) {
        guard var form = view as? FormFields, let rejected = form.rejectedField,
            form.fields.indices.contains(form.focus), form.fields[form.focus].name == rejected, refusedField != rejected
        else { return }
        form.rejectedField = nil
        view = form
    }
}
