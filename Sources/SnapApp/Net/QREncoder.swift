import CQRencode
import SnapCore

/// QR codes from Debian's libqrencode. Level M: a code still reads with 15 % of it lost, to a
/// glare on the TV or a finger on the camera, and a join link stays a small version 3 or 4.
enum QREncoder {
    /// Longer text would make a code too dense to read from across a room.
    static let maxBytes = 256

    static func encode(_ text: String) -> QRCode? {
        guard !text.isEmpty, text.utf8.count <= maxBytes,
              let made = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(made) }
        let width = Int(made.pointee.width)
        // libqrencode's bytes carry flags in the upper bits; bit 0 is the module's colour.
        let modules = UnsafeBufferPointer(start: made.pointee.data, count: width * width).map { $0 & 1 == 1 }
        return QRCode(width: width, modules: modules)
    }
}

extension JoinInvite {
    /// An invite with its QR code; without one (libqrencode refused) the screens show the link alone.
    static func made(code: String, address: String) -> JoinInvite {
        JoinInvite(code: code, address: address, qr: QREncoder.encode(url(address: address, code: code)))
    }
}
