import SnapCore

/// What need not be drawn because something opaque drawn later covers it.
extension SceneRenderer {
    /// True when `c` is an opaque image, unturned and unfaded, whose drawn pixels cover `r`.
    func coversOpaquely(_ c: DrawCommand?, _ r: Rect, _ vp: Viewport) throws -> Bool {
        if case .image(.table, let felt, _, _)? = c { return vp.toOutput(felt).integral.intersection(r) == r }
        guard cache.prescales, case .image(let ref, let rect, 0, 1)? = c else { return false }
        let out = vp.toOutput(rect)
        let t = try cache.texture(for: ref, drawnAt: Int(out.w.rounded()), Int(out.h.rounded()))
        return t.isOpaque && Self.whole(t, centredOn: out.center).intersection(r) == r
    }

    /// The largest part of the clip that a card drawn after `cmds[i]` covers opaquely (its
    /// inside): nothing drawn before that card shows there. A pile's area redrawn when a card
    /// lands on it is mostly its top card, and painting the felt under it was most of the redraw.
    func coveredLater(than i: Int, _ cmds: [DrawCommand], _ vp: Viewport) throws -> Rect? {
        guard cache.prescales, i + 1 < cmds.count else { return nil }
        let clip = renderer.clip ?? Rect(x: 0, y: 0, w: renderer.outputSize.w, h: renderer.outputSize.h)
        var best: Rect?
        for c in cmds[(i + 1)...] {
            guard let inside = try hiddenUnder(c, vp), let shown = inside.intersection(clip), shown.area > (best?.area ?? 0) else { continue }
            best = shown
        }
        return best
    }

    /// Where the card `card` draws right after a shadow hides it, in output pixels: its picture's
    /// opaque inside (the corners are round), two pixels in for the resampling's soft edge; nil
    /// where the renderer blends on the GPU. A card's shadow lies mostly under the card, and the
    /// software renderer blends a soft shadow pixel by pixel where it copies an opaque card: the
    /// shadow under a card in flight cost more than the card.
    func hiddenUnder(_ card: DrawCommand, _ vp: Viewport) throws -> Rect? {
        guard cache.prescales, case .image(let ref, let r, 0, 1) = card, ref == .cardBack || ref.isCardFace,
              let inset = try art.opaqueInset(of: ref) else { return nil }
        let box = Self.placed(vp.toOutput(r))
        let (aw, ah) = art.size(of: ref)
        let ix = (Double(inset) * box.w / Double(aw)).rounded(.up) + 2, iy = (Double(inset) * box.h / Double(ah)).rounded(.up) + 2
        guard box.w > 2 * ix, box.h > 2 * iy else { return nil }
        return Rect(x: box.x + ix, y: box.y + iy, w: box.w - 2 * ix, h: box.h - 2 * iy)
    }

    /// Moving cards that a later card covers at the same place and size (the piles a Snap! winner
    /// takes fly as stacks; a third of the cards in flight), and the shadows they cast (the
    /// shadow drawn right before each): nothing of such a card shows but the smoothed rim under
    /// the rim of the card on top, and a stack casts one shadow, as a pile at rest does
    /// (`GamePieces.closedPile`), not one darker for every card in it; none of them is resampled
    /// and blended (the stacks' shadows were two thirds of the shadows drawn in play).
    static func hiddenCards(_ cmds: [DrawCommand], _ vp: Viewport) -> Set<Int> {
        struct Place: Hashable { var x, y, w, h: Int }
        var covered = Set<Place>(), hidden = Set<Int>()
        for (i, c) in cmds.enumerated().reversed() {
            guard case .image(let ref, let r, 0, 1) = c, ref == .cardBack || ref.isCardFace else { continue }
            let p = placed(vp.toOutput(r))
            guard !covered.insert(Place(x: Int(p.x), y: Int(p.y), w: Int(p.w), h: Int(p.h))).inserted else { continue }
            hidden.insert(i)
            if i > 0, case .image(.cardShadow, _, 0, _) = cmds[i - 1] { hidden.insert(i - 1) }
        }
        return hidden
    }
}
