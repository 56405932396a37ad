/// The table's felt, painted at the window's own pixels instead of scaled from a picture: every
/// pixel is a function of its place in the felt alone, so any part of it painted under any clip
/// is the same as that part of the whole (what redrawing only the changed parts of the still
/// layer relies on), and no window keeps a copy of it at its size (8 MB on a 1920x1080 TV,
/// a ninth of the program's memory). The inlaid lines stay crisp at every size.
///
/// The look is the felt `scripts/tools/make_art.py` drew for 1280x720 before: green lighter under the
/// lamp in the middle, darker towards the rim, a grain of one shade, and two inlaid lines, gold
/// and bronze, inside the edge.
public struct FeltPainter {
    public let width: Int
    public let height: Int
    /// Output pixels per pixel of the 1280x720 design.
    private let scale: Double
    /// Squared elliptical distance from the middle, split by axis (16.16 fixed point): a row's
    /// and a column's part added give a pixel's.
    private let columnTerm: [Int32]
    private let rowTerm: [Int32]
    /// The felt's pixel at each squared distance (`shadeShift`) and grain value (0...15, the low
    /// four bits of the index): the grain dithers the light's fall by up to one shade, so the
    /// gradient shows no bands.
    private let shades: [UInt32]
    /// Pixels nearer an edge than `border` may touch a line; in a corner's square, nearer than
    /// `corner` (the arcs come further in).
    private let border: Int
    private let corner: Int
    /// How much of a pixel `d` pixels in from a straight edge each line covers (the same on all
    /// four sides); only the corners' arcs need working out pixel by pixel.
    private let straight: [[Double]]

    static let design = (w: 1280.0, h: 720.0)
    /// In the middle, and at the rim the felt falls towards.
    static let centre = (r: 18.6, g: 82.4, b: 49.4)
    static let rim = (r: 6.0, g: 34.0, b: 20.0)
    /// The outer line: 2 design pixels wide inside a rounded box 24 in from the edge; the
    /// inner one, 1 wide, 31 in.
    static let lines: [(inset: Double, radius: Double, width: Double, colour: (r: Double, g: Double, b: Double))] = [
        (24, 32, 2, (190, 160, 80)),
        (31, 26, 1, (120, 100, 50)),
    ]
    /// One shade per 32/65536 of squared distance, up to 0.5 (a corner is about 0.43): a
    /// shift, not a division, finds a pixel's; a look-up, not arithmetic, gives its colour.
    private static let shadeShift: Int32 = 5
    private static let shadeSteps = (1 << 15) >> 5
    private static let grainSize = 64
    /// A fixed noise tile, one value 0...15 per pixel (period 64: at one shade it does not show).
    private static let grain: [UInt8] = {
        var s: UInt32 = 0x9E37_79B9
        return (0..<(grainSize * grainSize)).map { _ in
            s = s &* 1_664_525 &+ 1_013_904_223
            return UInt8(s >> 28)
        }
    }()

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        scale = min(Double(width) / Self.design.w, Double(height) / Self.design.h)
        let one = Double(1 << 16)
        // Lighter inside an ellipse about the middle, wider than high, falling off outside it.
        columnTerm = (0..<max(width, 0)).map { x in
            let u = (Double(x) + 0.5) / Double(width) - 0.5
            return Int32((u * u * one).rounded())
        }
        rowTerm = (0..<max(height, 0)).map { y in
            let t = ((Double(y) + 0.5) / Double(height) - 0.5) * 0.854
            return Int32((t * t * one).rounded())
        }
        var shades: [UInt32] = []
        shades.reserveCapacity(Self.shadeSteps * 16)
        for i in 0..<Self.shadeSteps {
            let e = (Double(i << Int(Self.shadeShift)) / Double(1 << 16)).squareRoot()
            // The lamp's light: whole within 0.14 of the middle, a quarter less at the edges.
            let fall = max(0, e - 0.14)
            let light = 1 - 0.69 * fall * min(1, fall / 0.05)
            func sixteenths(_ c: Double, _ r: Double) -> Int { Int(((r + (c - r) * light) * 16).rounded()) }
            let r = sixteenths(Self.centre.r, Self.rim.r), g = sixteenths(Self.centre.g, Self.rim.g), b = sixteenths(Self.centre.b, Self.rim.b)
            for n in 0..<16 {
                shades.append(0xFF00_0000 | UInt32((r + n) >> 4) << 16 | UInt32((g + n) >> 4) << 8 | UInt32((b + n) >> 4))
            }
        }
        self.shades = shades
        border = Int(Self.lines.map { $0.inset + $0.width }.max()! * scale) + 3
        corner = Int(Self.lines.map { $0.inset + $0.radius }.max()! * scale) + 3
        straight = (0..<border).map { [scale] d in Self.lines.map { Self.cover(distance: Double(d) + 0.5 - $0.inset * scale, width: $0.width * scale) } }
    }

    /// Paints the felt's columns `x0..<x0+w`, rows `y0..<y0+h` (felt pixels) as 0xFFRRGGBB into
    /// `pixels`, `stride` pixels a row.
    public func paint(x0: Int, y0: Int, w: Int, h: Int, into pixels: UnsafeMutablePointer<UInt32>, stride: Int) {
        Self.grain.withUnsafeBufferPointer { grain in
            shades.withUnsafeBufferPointer { shades in
                columnTerm.withUnsafeBufferPointer { cols in
                    for row in 0..<h {
                        let y = y0 + row
                        let ty = rowTerm[y]
                        let out = pixels + row * stride
                        let noise = grain.baseAddress! + (y & (Self.grainSize - 1)) * Self.grainSize
                        // Columns nearer the side than this may touch a line in this row.
                        let band = y < border || y >= height - border ? width : y < corner || y >= height - corner ? corner : border
                        for col in 0..<w {
                            let x = x0 + col
                            // At most 0.25 + 0.25 * 0.854^2 < 0.5: always within the shades.
                            var p = shades[Int((cols[x] + ty) >> Self.shadeShift) << 4 | Int(noise[x & (Self.grainSize - 1)])]
                            if x < band || x >= width - band { p = nearEdge(x, y, p) }
                            out[col] = p
                        }
                    }
                }
            }
        }
    }

    /// The lines over the felt's colour at one pixel near the edge.
    private func nearEdge(_ x: Int, _ y: Int, _ felt: UInt32) -> UInt32 {
        let dx = min(x, width - 1 - x), dy = min(y, height - 1 - y)
        if dx < corner, dy < corner { return inlaid(arc: x, y, felt) }
        let d = min(dx, dy)
        guard d < border else { return felt }
        let covers = straight[d]
        guard covers.contains(where: { $0 > 0 }) else { return felt }
        return Self.over(felt, covers)
    }

    /// In a corner: each line covers the part of the pixel that lies within its width inside its
    /// rounded box.
    private func inlaid(arc x: Int, _ y: Int, _ felt: UInt32) -> UInt32 {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let covers = Self.lines.map { line in
            let inset = line.inset * scale, radius = line.radius * scale
            // Signed distance to the box's edge, negative inside (output pixels).
            let hx = Double(width) / 2 - inset, hy = Double(height) / 2 - inset
            let qx = abs(px - Double(width) / 2) - (hx - radius), qy = abs(py - Double(height) / 2) - (hy - radius)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return Self.cover(distance: -(outside + min(max(qx, qy), 0) - radius), width: line.width * scale)
        }
        return Self.over(felt, covers)
    }

    /// The part of a pixel whose centre is `distance` inside a box's edge (negative: outside)
    /// that lies within `width` inside that edge.
    static func cover(distance: Double, width: Double) -> Double {
        max(0, min(width, distance + 0.5) - max(0, distance - 0.5))
    }

    /// The lines, each `covers` of the pixel, over `felt`.
    static func over(_ felt: UInt32, _ covers: [Double]) -> UInt32 {
        var (r, g, b) = (Double(felt >> 16 & 0xFF), Double(felt >> 8 & 0xFF), Double(felt & 0xFF))
        for (line, c) in zip(lines, covers) where c > 0 {
            r += (line.colour.r - r) * c
            g += (line.colour.g - g) * c
            b += (line.colour.b - b) * c
        }
        return 0xFF00_0000 | UInt32(r.rounded()) << 16 | UInt32(g.rounded()) << 8 | UInt32(b.rounded())
    }
}
