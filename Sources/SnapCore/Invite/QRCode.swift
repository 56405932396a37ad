/// A QR code as an encoder made it: a square of modules, row by row, true for dark. The core
/// only draws it; making one is the shell's (libqrencode), so the core stays free of C.
public struct QRCode: Equatable, Sendable {
    /// Modules on a side: 21 (version 1) to 177 (version 40).
    public let width: Int
    let modules: [Bool]

    /// Light modules a reader needs around the code (ISO/IEC 18004).
    public static let quietZone = 4

    /// nil when the modules do not make a square of a QR code's size.
    public init?(width: Int, modules: [Bool]) {
        guard (21...177).contains(width), (width - 17) % 4 == 0, modules.count == width * width else { return nil }
        self.width = width
        self.modules = modules
    }

    public func isDark(x: Int, y: Int) -> Bool { modules[y * width + x] }

    /// The dark modules of row `y` as runs (first column, length): one rectangle to draw each.
    public func darkRuns(row y: Int) -> [(x: Int, length: Int)] {
        var runs: [(x: Int, length: Int)] = []
        var x = 0
        while x < width {
            guard isDark(x: x, y: y) else { x += 1; continue }
            let start = x
            while x < width, isDark(x: x, y: y) { x += 1 }
            runs.append((start, x - start))
        }
        return runs
    }
}
