import CSDL2
import CSDL2Image
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one art file into a surface: size on disk, then the PNG header, checked against the
/// limits before any decoding; every failure is an `AssetError` naming the file.
enum ArtFile {
    static func load(_ path: String, session: SDLSession, limits: ArtLimits = .standard) throws(AssetError) -> Surface {
        try decode(try checked(path, limits: limits), path: path, session: session)
    }

    /// The file's bytes once its size on disk and its PNG header passed the limits (not decoded).
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
        return bytes
    }

    /// The whole file, refused unread when it is over the limit (and read no further than the
    /// limit, in case it grows meanwhile).
    static func read(_ path: String, limits: ArtLimits) throws(AssetError) -> [UInt8] {
        func failed(_ call: String) -> AssetError {
            .unreadable(path: path, reason: "cannot read it (\(call): \(String(cString: strerror(errno))))")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failed("open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failed("fstat") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        func tooBig(_ n: String) -> AssetError {
            .tooLarge(path: path, found: "the file is \(n) bytes", limit: "art files may be at most \(limits.fileSizeText)")
        }
        let declared = Int(st.st_size)
        guard declared <= limits.maxFileBytes else { throw tooBig("\(declared)") }
        // One byte more than the limit tells a file that grew past it since fstat.
        var bytes = [UInt8](repeating: 0, count: min(declared, limits.maxFileBytes) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { readFile(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw failed("read") }
            if n == 0 { break }
            count += n
            // The file grew since fstat: read on, up to one byte past the limit.
            if count == bytes.count, count <= limits.maxFileBytes {
                bytes += [UInt8](repeating: 0, count: min(1 << 16, limits.maxFileBytes + 1 - count))
            }
        }
        guard count <= limits.maxFileBytes else { throw tooBig("more than \(limits.maxFileBytes)") }
        bytes.removeLast(bytes.count - count)
        return bytes
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

/// read(2), out of reach of `ArtFile.read`'s name.
private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
