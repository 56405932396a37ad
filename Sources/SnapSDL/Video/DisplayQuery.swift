import CSDL2
import SnapCore

/// The displays SDL sees right now. Names identify them (indices shift when one goes away);
/// two displays with one name get "#2", "#3" appended so every name is unique.
public enum DisplayQuery {
    public static func current() -> [DisplayInfo] {
        let n = max(0, Int(SDL_GetNumVideoDisplays()))
        var seen: [String: Int] = [:]
        return (0..<n).compactMap { i in
            var r = SDL_Rect()
            guard SDL_GetDisplayBounds(Int32(i), &r) == 0 else { return nil }
            var name = SDL_GetDisplayName(Int32(i)).map { String(cString: $0) } ?? "display\(i)"
            seen[name, default: 0] += 1
            if seen[name]! > 1 { name += " #\(seen[name]!)" }
            var ddpi: Float = 0
            let dpi: Double? = SDL_GetDisplayDPI(Int32(i), &ddpi, nil, nil) == 0 && ddpi > 0 ? Double(ddpi) : nil
            return DisplayInfo(name: name, bounds: Rect(x: Double(r.x), y: Double(r.y), w: Double(r.w), h: Double(r.h)), dpi: dpi)
        }
    }
}
