import SnapCore
import SnapSDL

/// The text-fit check (`--check-text`, headless runs): every screen a replay passes is looked
/// at for text the layout cut with "…" where the whole text was meant to show, text wider than
/// the box the renderer clips it to, and text off the canvas; one line per finding goes to
/// DIR/text-check.txt.
final class TextCheck: TextMetrics {
    private let fonts: FontBook
    /// Cuts told since the last snapshot (the pictures being built are that snapshot's).
    private var cuts: [String] = []
    private(set) var findings: [String] = []
    /// Every text looked at, once each in the order first seen (what the check covered).
    private(set) var seen: [String] = []
    private var seenSet: Set<String> = []
    private var reported: Set<String> = []

    init(fonts: FontBook) { self.fonts = fonts }

    func width(_ text: String, _ style: TextStyle) -> Double { fonts.width(text, style) }

    func cutting(_ text: String, _ style: TextStyle, width: Double) {
        cuts.append("cut \(style.rawValue) \(Int(fonts.width(text, style))) > \(Int(width)): \(Self.quoted(text))")
    }

    /// Looks at one window's picture of snapshot `name`, drawn through `vp`.
    func look(at list: DisplayList, snapshot name: String, window: String, viewport vp: Viewport) {
        // Each finding once, where it was first met (a status stays up for many lines).
        func add(_ line: String) {
            if reported.insert("\(window) \(line)").inserted { findings.append("\(name) \(window) \(line)") }
        }
        for cut in cuts { add(cut) }
        for c in list.all {
            guard case .text(let s, let style, _, let r, let k) = c, !s.isEmpty else { continue }
            if seenSet.insert(s).inserted { self.seen.append(s) }
            let out = vp.toOutput(r)
            let drawn = fonts.pixelWidth(s, style, scale: vp.scale * k)
            // The renderer keeps whole pixels of the box, plus one (SceneRenderer.draw).
            if drawn > (out.w + 1).rounded(.down) {
                add("clipped \(style.rawValue) \(Int(drawn)) px > \(Int(out.w)) px: \(Self.quoted(s))")
            }
            if r.x < -0.5 || r.y < -0.5 || r.maxX > list.canvas.w + 0.5 || r.maxY > list.canvas.h + 0.5 {
                add("outside \(style.rawValue) at \(Int(r.x)),\(Int(r.y)) \(Int(r.w))x\(Int(r.h)): \(Self.quoted(s))")
            }
        }
    }

    /// The next snapshot's cuts start afresh.
    func snapshotDone() { cuts.removeAll() }

    static func quoted(_ s: String) -> String { "\"" + s.prefix(120) + (s.count > 120 ? "…" : "") + "\"" }
}
