import PickerProtocol

/// The page's address on one window, as notify's Open gives it: `#window=ID`
/// (`&window=ID` after the token). The id is escaped as `encodeURIComponent`
/// escapes it (the page decodes it so): a qualified id holds a `/`, and an id
/// or a host label (a daemon's choice, a socket's file name) must not add a
/// parameter of its own (`&token=…`) to the address.
enum PageOnWindow {
    static func address(_ page: String, window: WindowID) -> String {
        page + (page.contains("#") ? "&" : "#") + "window=" + escaped(window.rawValue)
    }

    /// `encodeURIComponent`: every byte of the UTF-8 but A–Z a–z 0–9 - _ . ! ~ * ' ( ) as %XX.
    static func escaped(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
