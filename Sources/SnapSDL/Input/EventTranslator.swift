import CSDL2
import SnapCore

/// Turns SDL events into input events, one switch for all of them. Events the table has no use
/// for give nil.
public enum EventTranslator {
    /// A pointer move that the next queued event makes pointless: another move in the same window
    /// with the same buttons held. Only where the pointer is matters, and a drag's hundred moves a
    /// second would otherwise each go through the table between two frames.
    public static func isSuperseded(_ e: SDL_Event) -> Bool {
        guard e.type == SDL_MOUSEMOTION.rawValue else { return false }
        var next = SDL_Event()
        guard SDL_PeepEvents(&next, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1 else { return false }
        return next.type == SDL_MOUSEMOTION.rawValue && next.motion.windowID == e.motion.windowID && next.motion.state == e.motion.state
    }

    public static func translate(_ e: SDL_Event) -> InputEvent? {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return .quit
        case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerDown(window: e.button.windowID, Point(x: Double(e.button.x), y: Double(e.button.y)))
        case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerUp(window: e.button.windowID, Point(x: Double(e.button.x), y: Double(e.button.y)))
        case SDL_MOUSEMOTION:
            return .pointerMove(window: e.motion.windowID, Point(x: Double(e.motion.x), y: Double(e.motion.y)))
        case SDL_KEYDOWN where e.key.repeat == 0:
            switch e.key.keysym.sym {
            case Int32(SDLK_ESCAPE.rawValue): return .key(.escape)
            case Int32(SDLK_F11.rawValue): return .key(.f11)
            case Int32(SDLK_UP.rawValue): return .key(.up)
            case Int32(SDLK_DOWN.rawValue): return .key(.down)
            case Int32(SDLK_LEFT.rawValue): return .key(.left)
            case Int32(SDLK_RIGHT.rawValue): return .key(.right)
            case Int32(SDLK_s.rawValue): return .key(.s)
            case Int32(SDLK_m.rawValue): return .key(.m)
            case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .key(.enter)
            case Int32(SDLK_SPACE.rawValue): return .key(.space)
            case Int32(SDLK_BACKSPACE.rawValue): return .key(.backspace)
            default: return nil
            }
        case SDL_TEXTINPUT:
            // A C string in a fixed 32-byte array: read up to its terminating zero.
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        case SDL_WINDOWEVENT:
            let w = e.window.windowID
            switch SDL_WindowEventID(rawValue: UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focusLost(window: w)
            case SDL_WINDOWEVENT_CLOSE: return .windowClose(window: w)
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN:
                return .needsRedraw(window: w)
            case SDL_WINDOWEVENT_DISPLAY_CHANGED:
                return .displaysChanged
            default: return nil
            }
        case SDL_DISPLAYEVENT:
            return .displaysChanged
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .renderTargetsReset
        default:
            return nil
        }
    }
}
