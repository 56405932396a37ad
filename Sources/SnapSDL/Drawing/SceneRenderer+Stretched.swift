import SnapCore

/// Images stretched in slices (badges, name plates).
extension SceneRenderer {
    /// An image stretched in three slices (`StretchSlices`); on the software renderer from a copy
    /// made once at that size: scaling three slices on every redraw of the still layer was most
    /// of a redraw's cost (a count badge, a name plate), and a copy drawn unscaled gives the same
    /// pixels under any clip.
    func drawStretched(_ ref: ImageRef, _ dst: Rect, cap: Double, moving: Bool) throws {
        if let made = try cache.stretchedTexture(for: ref, into: dst, cap: cap, moving: moving) {
            renderer.copy(made.texture, to: Rect(x: made.origin.x, y: made.origin.y, w: Double(made.texture.width), h: Double(made.texture.height)))
            return
        }
        let t = try cache.texture(for: ref)
        let slices = StretchSlices(image: t.width, t.height, into: dst, cap: cap)
        for (from, to) in slices.parts {
            renderer.copy(t, from: from, to: Rect(x: to.x + slices.origin.x, y: to.y + slices.origin.y, w: to.w, h: to.h))
        }
    }
}
