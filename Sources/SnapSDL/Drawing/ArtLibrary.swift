import SnapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The art every window draws from. Every file is checked at start (size, header, every PNG
/// chunk whole), so a missing, broken or oversized one is reported by name before any window
/// shows; only the compressed files stay in memory, and a picture is decoded when a renderer
/// first asks for it (the renderer keeps its own copy as a texture). Card faces are composed on
/// demand with SDL_ttf on the blank front.
public final class ArtLibrary {
    public let directory: String
    /// The files as read from disk (PNG: about a tenth of their decoded size).
    private var encoded: [String: [UInt8]] = [:]
    /// A picture decoded for one window's renderer, kept until the other windows open then
    /// have taken it too (`takers` still to come), so it is decoded once for all of them.
    private var waiting: [ImageRef: (surface: Surface, takers: Int)] = [:]
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
            encoded[name] = try ArtFile.checked(path, limits: limits)
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
        return Self.path(of: ref.fileName, in: directory)
    }

    /// A picture for a renderer to copy into a texture; the caller keeps what it needs of it.
    /// With several windows it is kept until each has taken it once (each renderer asks once
    /// for each picture); a window that never draws it leaves it here, as all art was before.
    public func surface(for ref: ImageRef) throws -> Surface {
        if let w = waiting[ref] {
            waiting[ref] = w.takers > 1 ? (w.surface, w.takers - 1) : nil
            return w.surface
        }
        let s = try make(ref)
        if session.openWindows > 1 { waiting[ref] = (s, session.openWindows - 1) }
        return s
    }

    /// Decodes a file, or composes a card face, now.
    private func make(_ ref: ImageRef) throws -> Surface {
        if case .cardFace(let face) = ref { return try composer.compose(face) }
        let name = ref.fileName
        return try ArtFile.decode(encoded[name]!, path: Self.path(of: name, in: directory), session: session)
    }
}
