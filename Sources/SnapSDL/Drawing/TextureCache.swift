import SnapCore

/// One renderer's textures, made on first use from the shared art. A texture belongs to the
/// renderer that made it, so every window has its own cache.
public final class TextureCache {
    private let renderer: Renderer
    private let art: ArtLibrary
    private var textures: [ImageRef: Texture] = [:]

    public init(renderer: Renderer, art: ArtLibrary) {
        self.renderer = renderer
        self.art = art
    }

    public func texture(for ref: ImageRef) throws -> Texture {
        if let t = textures[ref] { return t }
        let t = try renderer.makeTexture(from: art.surface(for: ref))
        textures[ref] = t
        return t
    }

    public var count: Int { textures.count }
}
