import CSDL2
import CSDL2Image
import SnapCore

/// A CPU-side image: decoded art, rendered text or a composed card face. Freed with this object,
/// which keeps SDL up until then (SDL_FreeSurface after SDL_Quit frees into a shut-down SDL).
/// Art files are decoded by `ArtFile`, which checks them first.
public final class Surface {
    let pointer: UnsafeMutablePointer<SDL_Surface>
    let session: SDLSession
    /// Every pixel fully covers what is below (art decoded from a file without alpha): drawn as
    /// a copy, not blended.
    public let isOpaque: Bool

    /// Takes ownership of a surface SDL handed us.
    init(owning pointer: UnsafeMutablePointer<SDL_Surface>, session: SDLSession, opaque: Bool = false) {
        self.pointer = pointer
        self.session = session
        isOpaque = opaque
    }

    /// A transparent ARGB surface.
    public convenience init(width: Int, height: Int, session: SDLSession) throws {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat(\(width)x\(height))")
        }
        SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_BLEND)
        self.init(owning: s, session: session)
    }

    deinit { SDL_FreeSurface(pointer) }

    public var width: Int { Int(pointer.pointee.w) }
    public var height: Int { Int(pointer.pointee.h) }
    /// Its pixels' size in memory.
    public var bytes: Int { Int(pointer.pointee.pitch) * height }

    /// A full copy, for composing on top of shared art without touching it.
    public func copy() throws -> Surface {
        guard let s = SDL_DuplicateSurface(pointer) else { throw SDLError("SDL_DuplicateSurface") }
        return Surface(owning: s, session: session)
    }

    /// Puts `other`'s pixels in place of this surface's, unblended (the same size and format).
    func overwrite(with other: Surface) {
        var mode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceBlendMode(other.pointer, &mode)
        SDL_SetSurfaceBlendMode(other.pointer, SDL_BLENDMODE_NONE)
        SDL_UpperBlit(other.pointer, nil, pointer, nil)
        SDL_SetSurfaceBlendMode(other.pointer, mode)
    }

    /// Alpha-blends `other` onto this surface with its top-left corner at (x, y).
    public func blit(_ other: Surface, x: Int, y: Int) {
        SDL_SetSurfaceBlendMode(other.pointer, SDL_BLENDMODE_BLEND)
        var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(other.width), h: Int32(other.height))
        SDL_UpperBlit(other.pointer, nil, pointer, &dst)
    }

    /// Every pixel's coverage (alpha) set to `other`'s at the same place; both ARGB8888 and the
    /// same size. SDL's blend leaves 254 here and there where ink is printed on opaque paper.
    func takeAlpha(from other: Surface) {
        let argb = SDL_PIXELFORMAT_ARGB8888.rawValue
        precondition(other.width == width && other.height == height, "alpha from a picture of another size")
        precondition(pointer.pointee.format.pointee.format == argb && other.pointer.pointee.format.pointee.format == argb, "alpha of a picture not in ARGB8888")
        eachRow(with: other) { d, s in
            for x in 0..<width { d[x] = d[x] & 0x00FF_FFFF | s[x] & 0xFF00_0000 }
        }
    }

    /// The same picture turned half a turn, for the upside-down corner index of a card.
    public func rotatedHalfTurn() throws -> Surface {
        let out = try Surface(width: width, height: height, session: session)
        eachRow(with: out, theirs: { height - 1 - $0 }) { s, d in
            for x in 0..<width { d[width - 1 - x] = s[x] }
        }
        return out
    }

    /// Both pictures locked, and `body` given each row `y` of this one with row `theirs(y)` of
    /// `other`, as 32-bit pixels.
    private func eachRow(with other: Surface, theirs: (Int) -> Int = { $0 },
                         _ body: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> Void) {
        SDL_LockSurface(pointer)
        SDL_LockSurface(other.pointer)
        defer {
            SDL_UnlockSurface(other.pointer)
            SDL_UnlockSurface(pointer)
        }
        let mine = pointer.pointee, them = other.pointer.pointee
        for y in 0..<height {
            body(mine.row(y), them.row(theirs(y)))
        }
    }

    /// How many pixels in from every edge the picture is opaque: one more than the largest
    /// distance from the edge of a pixel that is not (a card's rounded corners); nil when that
    /// leaves nothing inside.
    public func opaqueInset() -> Int? {
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let s = pointer.pointee
        var inset = 0
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        for y in 0..<height {
            let row = s.row(y)
            for x in 0..<width {
                SDL_GetRGBA(row[x], s.format, &r, &g, &b, &a)
                if a < 255 { inset = max(inset, min(x, y, width - 1 - x, height - 1 - y) + 1) }
            }
        }
        return 2 * inset < min(width, height) ? inset : nil
    }

    /// The largest upright rectangle of fully opaque pixels that holds the pixel at `centre`
    /// (nil when that pixel is not opaque): a card's inside in a picture of it turned over its
    /// shadow. Each row's opaque run through the centre column, up and down from the centre row
    /// while there is one, then the best of every top and bottom pair.
    public func opaqueBox(around centre: (x: Int, y: Int)) -> Rect? {
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let s = pointer.pointee, amask = s.format.pointee.Amask
        guard amask != 0, (0..<width).contains(centre.x), (0..<height).contains(centre.y) else { return nil }
        func run(_ y: Int) -> (from: Int, to: Int)? {
            let row = s.row(y)
            func opaque(_ x: Int) -> Bool { row[x] & amask == amask }
            guard opaque(centre.x) else { return nil }
            var a = centre.x, b = centre.x + 1
            while a > 0, opaque(a - 1) { a -= 1 }
            while b < width, opaque(b) { b += 1 }
            return (a, b)
        }
        // The narrowest run from the centre row to each row above it, and to each row below.
        func narrowing(_ rows: StrideTo<Int>) -> [(y: Int, from: Int, to: Int)] {
            var out: [(y: Int, from: Int, to: Int)] = []
            var from = Int.min, to = Int.max
            for y in rows {
                guard let r = run(y) else { break }
                from = max(from, r.from)
                to = min(to, r.to)
                out.append((y, from, to))
            }
            return out
        }
        let ups = narrowing(stride(from: centre.y, to: -1, by: -1)), downs = narrowing(stride(from: centre.y, to: height, by: 1))
        var best: Rect?, bestArea = 0
        for u in ups {
            for d in downs {
                let from = max(u.from, d.from), to = min(u.to, d.to), area = (to - from) * (d.y - u.y + 1)
                if area > bestArea {
                    best = Rect(x: Double(from), y: Double(u.y), w: Double(to - from), h: Double(d.y - u.y + 1))
                    bestArea = area
                }
            }
        }
        return best
    }

    /// The ARGB value at a pixel (tests read pictures back through this).
    public func pixel(x: Int, y: Int) -> Color {
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        let s = pointer.pointee
        let v = s.row(y)[x]
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetRGBA(v, s.format, &r, &g, &b, &a)
        return Color(r, g, b, a)
    }

    public func savePNG(to path: String) throws {
        guard IMG_SavePNG(pointer, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
    }
}

extension SDL_Surface {
    /// Row `y` of a locked 32-bit surface, as pixels.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels.advanced(by: y * Int(pitch)).assumingMemoryBound(to: UInt32.self)
    }
}
