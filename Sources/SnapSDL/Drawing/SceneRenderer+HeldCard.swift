import SnapCore

/// The card in hand: a tilted card over its shadow drawn as one sprite.
extension SceneRenderer {
    /// A tilted card over its shadow (as `SceneBuilder.cardCommands` makes them: a card in hand)
    /// drawn as one image composed once per tilt: the software renderer then blends the soft
    /// shadow only where the card does not cover it, and once instead of twice a frame.
    func drawHeldCard(shadow: DrawCommand, card: DrawCommand, _ vp: Viewport) throws -> Bool {
        guard let held = try heldCard(shadow: shadow, card: card, vp) else { return false }
        // Its opaque inside copied, not blended: the software renderer blends a picture pixel by
        // pixel (most of a drag's CPU) and copies an opaque one row by row.
        guard let inside = held.inside else {
            renderer.copy(held.sprite, to: held.dst)
            return true
        }
        renderer.copy(held.sprite, to: held.dst, around: inside.at)
        renderer.copy(inside.part.texture, to: inside.at)
        return true
    }

    /// A card in hand as a frame draws it: its sprite (composed once per tilt), where the sprite
    /// goes, and its opaque inside with where that is copied (output pixels).
    private struct HeldCard {
        var sprite: Texture
        var dst: Rect
        var inside: (part: OpaquePart, at: Rect)?
    }

    /// The pair as a card in hand; nil when it is not a tilted card over its shadow.
    private func heldCard(shadow: DrawCommand, card: DrawCommand, _ vp: Viewport) throws -> HeldCard? {
        guard cache.prescales, let key = TextureCache.CardSpriteKey(shadow: shadow, card: card, vp),
              let sprite = try cache.cardSprite(key), case .image(_, let cr, _, _) = card else { return nil }
        let co = vp.toOutput(cr)
        let x = (co.center.x - sprite.anchor.x).rounded(), y = (co.center.y - sprite.anchor.y).rounded()
        let dst = Rect(x: x, y: y, w: Double(sprite.texture.width), h: Double(sprite.texture.height))
        let inside = copiesOpaqueInsides ? sprite.inside.map { ($0, $0.rect.offsetBy(dx: x, dy: y)) } : nil
        return HeldCard(sprite: sprite.texture, dst: dst, inside: inside)
    }
}
