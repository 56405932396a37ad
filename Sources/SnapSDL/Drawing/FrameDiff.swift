import CSDL2
#if canImport(Glibc)
import Glibc
#endif
import SnapCore

/// How two pictures of the same size differ, channel by channel (alpha left out: the window
/// reads back opaque whatever the renderer kept there).
public struct FrameDiff: Sendable, Equatable {
    /// Pixels with a colour channel further apart than the tolerance.
    public var pixels: Int
    /// The largest channel difference seen anywhere (within the tolerance or not).
    public var largest: Int
    /// The box around the differing pixels; nil when there are none.
    public var box: Rect?

    public var matches: Bool { pixels == 0 }

    /// Compares two ARGB8888 surfaces (as `Renderer.readPixels` makes them); pictures of
    /// different sizes differ everywhere.
    public static func compare(_ a: Surface, _ b: Surface, tolerance: Int) -> FrameDiff {
        guard a.width == b.width, a.height == b.height else {
            let w = max(a.width, b.width), h = max(a.height, b.height)
            return FrameDiff(pixels: w * h, largest: 255, box: Rect(x: 0, y: 0, w: Double(w), h: Double(h)))
        }
        SDL_LockSurface(a.pointer)
        SDL_LockSurface(b.pointer)
        defer {
            SDL_UnlockSurface(b.pointer)
            SDL_UnlockSurface(a.pointer)
        }
        let pa = a.pointer.pointee, pb = b.pointer.pointee
        var out = FrameDiff(pixels: 0, largest: 0, box: nil)
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<a.height {
            let ra = pa.row(y)
            let rb = pb.row(y)
            // Rows that are the same bytes (nearly all of them) cost one memcmp.
            if memcmp(ra, rb, a.width * 4) == 0 { continue }
            for x in 0..<a.width {
                let u = ra[x] & 0xFF_FFFF, v = rb[x] & 0xFF_FFFF
                guard u != v else { continue }
                let d = max(channel(u, v, 16), channel(u, v, 8), channel(u, v, 0))
                out.largest = max(out.largest, d)
                guard d > tolerance else { continue }
                out.pixels += 1
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        if out.pixels > 0 { out.box = Rect(x: Double(x0), y: Double(y0), w: Double(x1 - x0 + 1), h: Double(y1 - y0 + 1)) }
        return out
    }

    private static func channel(_ u: UInt32, _ v: UInt32, _ shift: UInt32) -> Int {
        abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF))
    }

    /// A picture of where `a` and `b` differ: `b` dimmed to a quarter, differing pixels bright
    /// magenta, pixels within the tolerance but not equal yellow.
    public static func picture(_ a: Surface, _ b: Surface, tolerance: Int) throws -> Surface {
        let out = try Surface(width: b.width, height: b.height, session: b.session)
        guard a.width == b.width, a.height == b.height else { return out }
        SDL_LockSurface(a.pointer)
        SDL_LockSurface(b.pointer)
        SDL_LockSurface(out.pointer)
        defer {
            SDL_UnlockSurface(out.pointer)
            SDL_UnlockSurface(b.pointer)
            SDL_UnlockSurface(a.pointer)
        }
        let pa = a.pointer.pointee, pb = b.pointer.pointee, po = out.pointer.pointee
        for y in 0..<a.height {
            let ra = pa.row(y)
            let rb = pb.row(y)
            let ro = po.row(y)
            for x in 0..<a.width {
                let u = ra[x] & 0xFF_FFFF, v = rb[x] & 0xFF_FFFF
                if u == v {
                    ro[x] = 0xFF00_0000 | ((v >> 2) & 0x3F3F3F)
                } else {
                    let d = max(channel(u, v, 16), channel(u, v, 8), channel(u, v, 0))
                    ro[x] = d > tolerance ? 0xFFFF_00FF : 0xFFFF_FF00
                }
            }
        }
        return out
    }
}
