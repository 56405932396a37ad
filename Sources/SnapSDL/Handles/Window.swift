import CSDL2
import SnapCore

/// An SDL window, destroyed with this object.
public final class Window {
    let handle: OpaquePointer
    public let id: UInt32
    /// Keeps SDL up for as long as the window exists.
    let session: SDLSession

    /// `display`: SDL's index of the display to open on, now (centred on it); nil for the default.
    /// `fullscreenOnDisplay`: borderless and fullscreen-desktop there (windows on secondary displays).
    public init(session: SDLSession, title: String, size: Size, resizable: Bool = true, hidden: Bool = false,
                display: Int? = nil, fullscreenOnDisplay: Bool = false) throws {
        self.session = session
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if hidden { flags |= SDL_WINDOW_HIDDEN.rawValue }
        if fullscreenOnDisplay { flags |= SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK | UInt32(display ?? 0))
        guard let w = SDL_CreateWindow(title, centered, centered, Int32(size.w), Int32(size.h), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        handle = w
        id = SDL_GetWindowID(w)
        session.openWindows += 1
        SDL_SetWindowMinimumSize(w, 320, 180)
    }

    deinit {
        SDL_DestroyWindow(handle)
        session.openWindows -= 1
    }

    public var isFullscreen: Bool { SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    /// Fullscreen on the window's own display at the desktop's resolution (no mode switch).
    public func setFullscreen(_ on: Bool) {
        SDL_SetWindowFullscreen(handle, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    public var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return Size(w: Double(w), h: Double(h))
    }

    public func show() { SDL_ShowWindow(handle) }

    /// Top-left in desktop coordinates.
    public var position: Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(handle, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// Centres the window on another display (after its own went away).
    public func move(toDisplay index: Int) {
        let wasFull = isFullscreen
        if wasFull { setFullscreen(false) }
        let c = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK | UInt32(index))
        SDL_SetWindowPosition(handle, c, c)
        if wasFull { setFullscreen(true) }
    }
}

extension Window {
    /// The index of the display the window is on now (indices shift on hot-plug: never keep one).
    public var displayIndex: Int { Int(SDL_GetWindowDisplayIndex(handle)) }
}
