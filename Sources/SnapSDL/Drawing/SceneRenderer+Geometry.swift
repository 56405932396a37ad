#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// Output-pixel areas and sizes worked out from display lists: pure functions of the commands
/// and the viewport.
extension SceneRenderer {
    /// Rectangles that overlap or nearly touch joined into one, until none do, where the one
    /// is not much more than the two: fewer, larger copies and presents beat many small ones,
    /// but two that meet at a corner joined into their box drew the table between them (a
    /// Snap! won changes four piles, two bubbles and the status, whose box was half the
    /// screen). Rectangles left overlapping are drawn twice there, the same pixels each time.
    static func merged(_ rects: [Rect], slack: Double = 8) -> [Rect] {
        var out: [Rect] = []
        for r in rects where r.w > 0 && r.h > 0 {
            var cur = r
            var joined = true
            while joined {
                joined = false
                for (i, o) in out.enumerated() where o.outset(slack).intersection(cur) != nil {
                    guard let box = cur.union(o), box.area <= 1.5 * (cur.area + o.area) else { continue }
                    cur = box
                    out.remove(at: i)
                    joined = true
                    break
                }
            }
            out.append(cur)
        }
        return out
    }

    /// The sizes of the upright, unfaded cards among `cmds`, as drawn (output pixels).
    static func cardSizes(in cmds: [DrawCommand], _ vp: Viewport) -> Set<TextureCache.PixelSize> {
        var sizes = Set<TextureCache.PixelSize>()
        for c in cmds {
            guard case .image(let ref, let r, 0, 1) = c, ref == .cardBack || ref.isCardFace else { continue }
            sizes.insert(TextureCache.PixelSize(vp.toOutput(r).size))
        }
        return sizes
    }

    /// The output-pixel box around everything in `cmds` (rotation included); an empty rect at
    /// the origin when there is nothing.
    static func bounds(of cmds: [DrawCommand], _ vp: Viewport) -> Rect? {
        var box: Rect?
        for c in cmds {
            let r = bounds(of: c, vp)
            box = box?.union(r) ?? r
        }
        return box
    }

    /// The output-pixel box around one command (rotation included).
    static func bounds(of c: DrawCommand, _ vp: Viewport) -> Rect {
        let r = vp.toOutput(c.bounds)
        guard case .image(_, _, let rot, _) = c, rot != 0 else { return r }
        let cs = abs(cos(rot)), sn = abs(sin(rot))
        return Rect(center: r.center, size: Size(w: r.w * cs + r.h * sn, h: r.w * sn + r.h * cs))
    }

    /// Where a moving image drawn over `out` goes: its size rounded to whole pixels, centred on
    /// whole pixels (`hiddenCards` compares cards by it).
    static func placed(_ out: Rect) -> Rect {
        let w = out.w.rounded(), h = out.h.rounded()
        return Rect(x: (out.center.x - w / 2).rounded(), y: (out.center.y - h / 2).rounded(), w: w, h: h)
    }

    /// `t` at its own size on whole pixels, centred on `c`.
    static func whole(_ t: Texture, centredOn c: Point) -> Rect {
        Rect(x: (c.x - Double(t.width) / 2).rounded(), y: (c.y - Double(t.height) / 2).rounded(), w: Double(t.width), h: Double(t.height))
    }

    /// A size rounded to 4 pixels (at least 4).
    static func coarse(_ v: Int) -> Int { max(4, Int((Double(v) / 4).rounded()) * 4) }
}
