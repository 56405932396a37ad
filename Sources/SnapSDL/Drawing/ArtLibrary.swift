import SnapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The art every window draws from. Every file is checked and decoded at start, so a missing,
/// broken or oversized one is reported by name before any window shows; after that only the
/// compressed files stay in memory. Each decoded picture goes to the first renderer that asks
/// (it keeps its own copy as a texture); a later one decodes the file again. Card faces are
/// composed on demand with SDL_ttf on the blank front.
public final class ArtLibrary {
    public let directory: String
    /// The files as read from disk (PNG: about a tenth of their decoded size).
    private var encoded: [String: [UInt8]] = [:]
    /// Decoded at start and not handed to a renderer yet.
    private var decoded: [String: Surface] = [:]
    private let composer: CardFaceComposer
    /// Text for seats and status; also the core's text metrics.
    public let fontBook: FontBook
    /// Fonts and surfaces must be freed before SDL_ttf and SDL shut down.
    private let session: SDLSession

    /// Sizes are checked against `limits` before decoding.
    public init(session: SDLSession, directory: String, fonts: FontSet, limits: ArtLimits = .standard) throws {
        self.session = session
        self.directory = directory
        var front: Surface?
        for name in ImageRef.requiredFiles {
            let path = Self.path(of: name, in: directory)
            guard access(path, F_OK) == 0 else { throw AssetError.missing(path: path, what: "image") }
            let bytes = try ArtFile.checked(path, limits: limits)
            let surface = try ArtFile.decode(bytes, path: path, session: session)
            // Nothing draws the blank front itself: the composer keeps it and prints faces on it.
            if name == Self.cardFront { front = surface } else { decoded[name] = surface }
            encoded[name] = bytes
        }
        composer = try CardFaceComposer(fonts: fonts, front: front!)
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

    /// A picture for a renderer to copy into a texture; the caller keeps what it needs of it
    /// (nothing here keeps a second decoded copy alive).
    public func surface(for ref: ImageRef) throws -> Surface {
        if case .cardFace(let face) = ref { return try composer.compose(face) }
        let name = ref.fileName
        if let s = decoded.removeValue(forKey: name) { return s }
        return try ArtFile.decode(encoded[name]!, path: Self.path(of: name, in: directory), session: session)
    }
}
