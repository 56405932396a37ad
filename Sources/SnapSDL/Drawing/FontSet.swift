#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files the table draws with, found at start so a missing one fails early and clearly.
public struct FontSet: Sendable, Equatable {
    public var regular: String
    public var bold: String
    public var serifBold: String

    static let dejavuDirs = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts/dejavu"]

    /// DejaVu from Debian's fonts-dejavu-core, or the files in `directory` when given.
    public static func locate(in directory: String? = nil) throws -> FontSet {
        let dirs = directory.map { [$0] } ?? dejavuDirs
        func find(_ name: String) throws -> String {
            for d in dirs {
                let p = ArtLibrary.path(of: name, in: d)
                if access(p, R_OK) == 0 { return p }
            }
            let looked = dirs.map { ArtLibrary.path(of: name, in: $0) }.joined(separator: ", ")
            throw AssetError.missing(path: looked, what: "font \(name) (install fonts-dejavu-core, or pass --fonts DIR)")
        }
        return FontSet(regular: try find("DejaVuSans.ttf"), bold: try find("DejaVuSans-Bold.ttf"), serifBold: try find("DejaVuSerif-Bold.ttf"))
    }
}
