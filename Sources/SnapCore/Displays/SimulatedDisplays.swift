/// A display list driven by replay verbs (`display connect NAME W H`, `display disconnect NAME`),
/// so plugging and unplugging can be tested without hardware. New displays line up to the right.
public struct SimulatedDisplays: Equatable, Sendable {
    public private(set) var displays: [DisplayInfo]

    public init(primary: Size = Size(w: 1280, h: 720)) {
        displays = [DisplayInfo(name: "SIM0", bounds: Rect(x: 0, y: 0, w: primary.w, h: primary.h))]
    }

    /// Refuses sizes no screen has and more displays than `ScreenLimits.maxDisplays` (each one
    /// costs a window's worth of pixels).
    public mutating func connect(_ name: String, size: Size) throws(DisplayError) {
        guard !displays.contains(where: { $0.name == name }) else { throw DisplayError("display \(name) is already connected") }
        if let why = ScreenLimits.problem(w: size.w, h: size.h) {
            throw DisplayError("display \(name): \(why) (screens are \(ScreenLimits.description))")
        }
        guard displays.count < ScreenLimits.maxDisplays else {
            throw DisplayError("display \(name): already \(displays.count) displays, the most a desk may have is \(ScreenLimits.maxDisplays)")
        }
        let x = displays.map(\.bounds.maxX).max() ?? 0
        displays.append(DisplayInfo(name: name, bounds: Rect(x: x, y: 0, w: size.w, h: size.h)))
    }

    public mutating func disconnect(_ name: String) throws(DisplayError) {
        guard let i = displays.firstIndex(where: { $0.name == name }) else { throw DisplayError("display \(name) is not connected") }
        displays.remove(at: i)
    }
}
