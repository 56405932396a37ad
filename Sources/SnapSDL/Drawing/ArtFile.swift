import CSDL2
import CSDL2Image
import Foundation

/// Reads one art file into a surface: size on disk, then the PNG header, checked against the
/// limits before any decoding; every failure is an `AssetError` naming the file.
enum ArtFile {
    static func load(_ path: String, session: SDLSession, limits: ArtLimits = .standard) throws(AssetError) -> Surface {
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
        return try decode(bytes, path: path, session: session)
    }

    /// The whole file, refused unread when it is over the limit (and read no further than the
    /// limit, in case it grows meanwhile).
    static func read(_ path: String, limits: ArtLimits) throws(AssetError) -> [UInt8] {
        let declared: Int
        do {
            let attrs = try FileManager.default.attributesOfItem(atPath: path)
            guard attrs[.type] as? FileAttributeType == .typeRegular else {
                throw AssetError.unreadable(path: path, reason: "not a regular file")
            }
            declared = (attrs[.size] as? NSNumber)?.intValue ?? 0
        } catch let e as AssetError {
            throw e
        } catch {
            throw .unreadable(path: path, reason: "cannot read it (\(error.localizedDescription))")
        }
        func tooBig(_ n: String) -> AssetError {
            .tooLarge(path: path, found: "the file is \(n) bytes", limit: "art files may be at most \(limits.fileSizeText)")
        }
        guard declared <= limits.maxFileBytes else { throw tooBig("\(declared)") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: limits.maxFileBytes + 1) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "cannot read it (\(error.localizedDescription))")
        }
        guard data.count <= limits.maxFileBytes else { throw tooBig("more than \(limits.maxFileBytes)") }
        return [UInt8](data)
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
        return Surface(owning: converted, session: session)
    }
}
