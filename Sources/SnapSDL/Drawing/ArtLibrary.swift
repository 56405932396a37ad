import Foundation
import SnapCore

/// Decoded art shared by every window: files from the art folder, and card faces composed once
/// with SDL_ttf on the blank front. Each renderer turns these into its own textures.
public final class ArtLibrary {
    public let directory: String
    private var files: [String: Surface] = [:]
    private var faces: [CardFace: Surface] = [:]
    private let composer: CardFaceComposer
    /// Text for seats and status; also the core's text metrics.
    public let fontBook: FontBook
    /// Fonts and surfaces must be freed before SDL_ttf and SDL shut down.
    private let session: SDLSession

    /// Loads every required file up front: a missing, broken or oversized one is reported by
    /// name now, not mid-game (sizes are checked against `limits` before decoding).
    public init(session: SDLSession, directory: String, fonts: FontSet, limits: ArtLimits = .standard) throws {
        self.session = session
        self.directory = directory
        for name in ImageRef.requiredFiles {
            let path = Self.path(of: name, in: directory)
            guard FileManager.default.fileExists(atPath: path) else { throw AssetError.missing(path: path, what: "image") }
            files[name] = try ArtFile.load(path, session: session, limits: limits)
        }
        composer = try CardFaceComposer(fonts: fonts, front: files["card-front.png"]!)
        fontBook = try FontBook(session: session, fonts: fonts)
    }

    static func path(of fileName: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(fileName)
    }

    /// Where an image comes from, for errors: its file, or the card front a face is printed on.
    func source(of ref: ImageRef) -> String {
        if case .cardFace(let face) = ref { return "\(Self.path(of: "card-front.png", in: directory)) (card face \(face))" }
        return Self.path(of: ref.fileName, in: directory)
    }

    public func surface(for ref: ImageRef) throws -> Surface {
        if case .cardFace(let face) = ref {
            if let s = faces[face] { return s }
            let s = try composer.compose(face)
            faces[face] = s
            return s
        }
        return files[ref.fileName]!
    }
}
