import CSDL2
import CSDL2Image
import SnapCore

/// Reads one art file into a surface: size on disk, then the PNG header, checked against the
/// limits before any decoding; every failure is an `AssetError` naming the file.
enum ArtFile {
    static func load(_ path: String, session: SDLSession, limits: ArtLimits = .standard) throws(AssetError) -> Surface {
        try decode(try checked(path, limits: limits), path: path, session: session)
    }

    /// The file's bytes once its size on disk and its PNG header passed the limits and its
    /// chunks are whole (not decoded).
    static func checked(_ path: String, limits: ArtLimits = .standard) throws(AssetError) -> [UInt8] {
        let bytes = try read(path, limits: limits)
        let size: (width: Int, height: Int)
        switch ImageHeader.pngSize(bytes) {
        case .success(let s): size = s
        case .failure(let problem): throw .unreadable(path: path, reason: problem.reason)
        }
        guard size.width <= limits.maxSide, size.height <= limits.maxSide else {
            throw .tooLarge(path: path, found: "it declares \(size.width)x\(size.height) pixels",
                            limit: "art may be at most \(limits.maxSide)x\(limits.maxSide) pixels")
        }
        if let problem = PNGChunks.problem(bytes) { throw .unreadable(path: path, reason: problem) }
        return bytes
    }

    /// The whole file, refused unread when it is over the limit (and read no further than the
    /// limit, in case it grows meanwhile).
    static func read(_ path: String, limits: ArtLimits) throws(AssetError) -> [UInt8] {
        do {
            return try BoundedFile.read(path, atMost: limits.maxFileBytes)
        } catch .tooLarge(let n) {
            throw .tooLarge(path: path, found: "the file is \(n.map { "\($0)" } ?? "more than \(limits.maxFileBytes)") bytes",
                            limit: "art files may be at most \(limits.fileSizeText)")
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// PNG decoding from memory (only SDL_image's PNG decoder runs), converted to 32-bit ARGB
    /// so blits and reads agree.
    static func decode(_ bytes: [UInt8], path: String, session: SDLSession) throws(AssetError) -> Surface {
        let raw = bytes.withUnsafeBytes { buf -> UnsafeMutablePointer<SDL_Surface>? in
            guard let rw = SDL_RWFromConstMem(buf.baseAddress, Int32(buf.count)) else { return nil }
            return IMG_LoadTyped_RW(rw, 1, "PNG")
        }
        guard let raw else { throw .unreadable(path: path, reason: "PNG decoding failed: \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(raw) }
        guard let converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw .unreadable(path: path, reason: "converting the decoded \(raw.pointee.w)x\(raw.pointee.h) image failed: \(String(cString: SDL_GetError()))")
        }
        // A PNG without an alpha channel comes out with every alpha byte at 255.
        return Surface(owning: converted, session: session, opaque: raw.pointee.format.pointee.Amask == 0 && raw.pointee.format.pointee.palette == nil)
    }
}

