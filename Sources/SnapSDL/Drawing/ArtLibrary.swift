import SnapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The art every window draws from. Every file is checked at start (size, header, every PNG
/// chunk whole), so a missing, broken or oversized one is reported by name before any window
/// shows; the compressed files stay in memory, and a picture is decoded when a renderer asks
/// for it (the renderer keeps its own copy as a texture, while its budget has room; the last
/// few small pictures stay decoded here for the next ask). Card faces are composed on demand
/// with SDL_ttf on the blank front.
public final class ArtLibrary {
    public let directory: String
    /// The files as read from disk (PNG: about a tenth of their decoded size).
    private var encoded: [String: [UInt8]] = [:]
    /// Each file's size, read from its header once: drawing a moving card asks every frame.
    private var sizes: [String: (width: Int, height: Int)] = [:]
    /// Files decoded lately, the last asked for up to `sharedBytes`: a small picture copied at
    /// several sizes (a card's back and shadow: on the pile, in hand, on its way home, in every
    /// window) is decoded once, where a window's budget lets its copies go between two drags and
    /// decoding them again was a fifth of a drag's CPU. Card faces are composed when asked for
    /// (a few glyphs, where decoding a file costs most of a frame).
    private var recent: [ImageRef: (surface: Surface, asked: Int)] = [:]
    private var recentBytes = 0
    private var asks = 0
    /// A few small pictures at their own size; none larger than `largestShared`.
    public static let sharedBytes = 2 << 20
    public static let largestShared = 1 << 20
    private let composer: CardFaceComposer
    /// Text for seats and status; also the core's text metrics.
    public let fontBook: FontBook
    /// Fonts and surfaces must be freed before SDL_ttf and SDL shut down.
    private let session: SDLSession

    /// Sizes are checked against `limits` before decoding.
    public init(session: SDLSession, directory: String, fonts: FontSet, limits: ArtLimits = .standard) throws {
        self.session = session
        self.directory = directory
        for name in ImageRef.requiredFiles {
            let path = Self.path(of: name, in: directory)
            guard access(path, F_OK) == 0 else { throw AssetError.missing(path: path, what: "image") }
            let bytes = try ArtFile.checked(path, limits: limits)
            encoded[name] = bytes
            // Checked: every header is whole.
            guard case .success(let size) = ImageHeader.pngSize(bytes) else { preconditionFailure("\(name) was checked") }
            sizes[name] = size
        }
        // The composer keeps the blank front decoded and prints faces on it.
        let front = try ArtFile.decode(encoded[Self.cardFront]!, path: Self.path(of: Self.cardFront, in: directory), session: session)
        composer = try CardFaceComposer(fonts: fonts, front: front)
        fontBook = try FontBook(session: session, fonts: fonts)
    }

    static let cardFront = "card-front.png"

    static func path(of fileName: String, in directory: String) -> String {
        PathText.join(directory, fileName)
    }

    /// Where an image comes from, for errors: its file, or the card front a face is printed on.
    func source(of ref: ImageRef) -> String {
        if case .cardFace(let face) = ref { return "\(Self.path(of: Self.cardFront, in: directory)) (card face \(face))" }
        return Self.path(of: file(of: ref), in: directory)
    }

    /// The file an image comes from; a card face's is the blank front. The felt has none: it is
    /// painted (`FeltPainter`), and asking the art for it is a mistake in the program.
    private func file(of ref: ImageRef) -> String {
        if case .cardFace = ref { return Self.cardFront }
        guard let name = ref.fileName else { preconditionFailure("\(ref) is painted, not drawn from an art file") }
        return name
    }

    /// A picture for a renderer to copy into a texture; the caller keeps what it needs of it,
    /// copied: a card face stays in its surface only until another face is asked for. The last
    /// small files asked for are kept (`sharedBytes`) for the next ask.
    public func surface(for ref: ImageRef) throws -> Surface {
        if case .cardFace = ref { return try make(ref) }
        asks += 1
        if let r = recent[ref] {
            recent[ref]!.asked = asks
            return r.surface
        }
        let s = try make(ref)
        guard s.bytes <= Self.largestShared else { return s }
        recent[ref] = (s, asks)
        recentBytes += s.bytes
        while recentBytes > Self.sharedBytes, let oldest = recent.filter({ $0.key != ref }).min(by: { $0.value.asked < $1.value.asked }) {
            recent[oldest.key] = nil
            recentBytes -= oldest.value.surface.bytes
        }
        return s
    }

    /// An image's size at its own scale, from its PNG header (a card face is its blank front's).
    public func size(of ref: ImageRef) -> (width: Int, height: Int) {
        sizes[file(of: ref)]!
    }

    /// `opaqueInset` per file, worked out when first asked for.
    private var insets: [String: Int?] = [:]

    /// How many pixels in from each edge a card's picture is opaque at its own size (its corners
    /// are round): a card drawn over its shadow hides the shadow there (`SceneRenderer`). A card
    /// face's is its blank front's (the ink printed on it is opaque).
    public func opaqueInset(of ref: ImageRef) throws -> Int? {
        let name = file(of: ref)
        if let known = insets[name] { return known }
        // The pictures already decoded: the composer's blank front, the file kept for the next ask.
        let inset = try (ref.isCardFace ? composer.front : surface(for: ref)).opaqueInset()
        insets[name] = inset
        return inset
    }

    /// Bytes of pictures kept for other windows (tests read it).
    var sharedBytesKept: Int { recentBytes }

    /// Decodes a file, or composes a card face, now.
    private func make(_ ref: ImageRef) throws -> Surface {
        if case .cardFace(let face) = ref { return try composer.compose(face) }
        let name = file(of: ref)
        return try ArtFile.decode(encoded[name]!, path: Self.path(of: name, in: directory), session: session)
    }
}
