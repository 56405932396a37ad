/// A QR code as fills: a light square with the quiet zone, then one rectangle per run of dark
/// modules in a row (a few hundred at most, drawn only when the still layer is). The colours
/// keep a reader's contrast on any screen: near-white and near-black, not the table's greens.
public enum QRCodePicture {
    public static let light = Color(250, 250, 244)
    public static let dark = Color(14, 20, 17)

    /// The code filling `square` (its width; quiet zone included), whole modules of equal size
    /// centred in it, so no module is thinner than another on the 1x canvas.
    public static func commands(_ qr: QRCode, in square: Rect) -> [DrawCommand] {
        let side = qr.width + 2 * QRCode.quietZone
        let module = (square.w / Double(side)).rounded(.down)
        guard module >= 1 else { return [] }
        let drawn = module * Double(side)
        let origin = Point(x: (square.x + (square.w - drawn) / 2).rounded(), y: (square.y + (square.w - drawn) / 2).rounded())
        var out: [DrawCommand] = [.fill(Rect(x: origin.x, y: origin.y, w: drawn, h: drawn), light)]
        let q = Double(QRCode.quietZone)
        for y in 0..<qr.width {
            for run in qr.darkRuns(row: y) {
                out.append(.fill(Rect(x: origin.x + (q + Double(run.x)) * module, y: origin.y + (q + Double(y)) * module,
                                      w: Double(run.length) * module, h: module), dark))
            }
        }
        return out
    }
}
