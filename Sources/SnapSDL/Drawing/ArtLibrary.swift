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

    /// Loads every required file up front: a missing or broken one is reported by name now, not mid-game.
    public init(session: SDLSession, directory: String, fonts: FontSet) throws {
        self.session = session
        self.directory = directory
        for name in ImageRef.requiredFiles {
            let path = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path) else { throw AssetError.missing(path: path, what: "image") }
            do {
                files[name] = try Surface(contentsOf: path)
            } catch let e as SDLError {
                throw AssetError.unreadable(path: path, reason: e.reason)
            }
        }
        composer = try CardFaceComposer(fonts: fonts, front: files["card-front.png"]!)
        fontBook = try FontBook(fonts: fonts)
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
