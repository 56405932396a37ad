import CSDL2
import SnapCore

/// Reads controllers through SDL's GameController API and turns SDL events into protocol
/// messages. Keys everything by instance id (SDL's ADDED event carries a device index, which
/// shifts on hot-plug; REMOVED and input events carry the instance id).
public final class ControllerReader {
    private var open: [Int32: OpaquePointer] = [:]
    private var players: [Int32: Int] = [:]
    /// Test hook: SDL virtual controllers attached by `attach`, by our own number.
    private var virtual: [Int: (device: Int32, joystick: OpaquePointer)] = [:]
    private var nextVirtual = 0

    private let ownsSDL: Bool
    /// The table's SDL, kept up while controllers are open: SDL_Quit closes them itself, and
    /// closing them again afterwards would free them twice.
    private let session: SDLSession?

    /// The table: adds the controller subsystem to its running SDL, and keeps that SDL up for
    /// as long as this reader exists.
    public convenience init(session: SDLSession) throws {
        try self.init(ownsSDL: false, session: session)
    }

    /// `ownsSDL`: the daemon, which starts SDL itself (no video) and quits it with this object.
    /// `false` without a session adds to a running SDL that the caller must keep up for longer
    /// than this reader; prefer `init(session:)`.
    public convenience init(ownsSDL: Bool) throws {
        try self.init(ownsSDL: ownsSDL, session: nil)
    }

    private init(ownsSDL: Bool, session: SDLSession?) throws {
        self.ownsSDL = ownsSDL
        self.session = session
        // Windows without keyboard focus would otherwise not get controller input.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        let ok = ownsSDL ? SDL_Init(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) : SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER)
        guard ok == 0 else { throw SDLError("SDL_Init(game controller)") }
    }

    deinit {
        // Without a session to hold SDL up, SDL may be gone already, and with it every controller.
        if ownsSDL || session != nil || SDL_WasInit(SDL_INIT_GAMECONTROLLER) != 0 {
            for (_, c) in open { SDL_GameControllerClose(c) }
            for (_, v) in virtual {
                let instance = SDL_JoystickInstanceID(v.joystick)
                SDL_JoystickClose(v.joystick)
                // Virtual devices outlive their joystick handle: detach ours so none is left behind.
                if let index = (0..<SDL_NumJoysticks()).first(where: { SDL_JoystickGetDeviceInstanceID($0) == instance }) {
                    SDL_JoystickDetachVirtual(index)
                }
            }
        }
        if ownsSDL {
            SDL_Quit()
            SDL_TLSCleanup() // as SDLSession does: this thread's error message, SDL's otherwise
        } else {
            SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER)
        }
    }

    public var hasControllers: Bool { !open.isEmpty }
    public private(set) var quitRequested = false

    /// `added` for every open controller, for a client that just connected.
    public func currentControllers() -> [InputMessage] {
        open.keys.sorted().compactMap { id in open[id].map { added(id, $0) } }
    }

    /// Everything SDL has queued, as messages (the daemon, which has no other use for events).
    /// `stamp` (the daemon's CLOCK_MONOTONIC) is read as each event comes out of SDL and sent as
    /// the button and axis messages' `time`. Not SDL's own event timestamp: SDL 2 stamps
    /// controller events when it reads the device inside this very call (not the kernel's time),
    /// in whole milliseconds and on CLOCK_MONOTONIC_RAW, which drifts from CLOCK_MONOTONIC under
    /// NTP; reading the clock here is the same moment, finer, and on the clock the table reads.
    public func poll(stamp: (() -> Double)? = nil) -> [InputMessage] {
        SDL_GameControllerUpdate()
        var out: [InputMessage] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 { out += translate(e, time: stamp?()) }
        return out
    }

    /// One SDL event as protocol messages; none for events that are not about controllers.
    /// `time` goes into the button and axis messages.
    public func translate(_ e: SDL_Event, time: Double? = nil) -> [InputMessage] {
        var out: [InputMessage] = []
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            quitRequested = true
        case SDL_CONTROLLERDEVICEADDED:
            guard let c = SDL_GameControllerOpen(e.cdevice.which) else { break }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c))
            guard open[id] == nil else { break }
            open[id] = c
            players[id] = (0...).first { !players.values.contains($0) }!
            out.append(added(id, c))
        case SDL_CONTROLLERDEVICEREMOVED:
            let id = e.cdevice.which
            if let c = open.removeValue(forKey: id) { SDL_GameControllerClose(c) }
            players[id] = nil
            out.append(.removed(id: Int(id)))
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard open[e.cbutton.which] != nil, let b = Self.button(Int32(e.cbutton.button)) else { break }
            let down = e.cbutton.state == UInt8(SDL_PRESSED)
            out.append(.button(id: Int(e.cbutton.which), b, pressed: down, value: down ? 1 : 0, time: time))
            if Self.dpadAxis(b) != nil { out.append(dpad(e.cbutton.which, time: time)) }
        case SDL_CONTROLLERAXISMOTION:
            guard let c = open[e.caxis.which] else { break }
            out += axis(e.caxis.which, c, SDL_GameControllerAxis(Int32(e.caxis.axis)), time: time)
        default:
            break
        }
        return out
    }

    private func added(_ id: Int32, _ c: OpaquePointer) -> InputMessage {
        let name = SDL_GameControllerName(c).map { String(cString: $0) } ?? "Controller"
        let hasSticks = SDL_GameControllerHasAxis(c, SDL_CONTROLLER_AXIS_LEFTX) == SDL_TRUE
        return .added(id: Int(id), name: String(name.prefix(128)), profile: hasSticks ? .extendedGamepad : .gamepad,
                      player: players[id] ?? 0)
    }

    /// The d-pad as an axis too, as the seed's profiles have it.
    private func dpad(_ id: Int32, time: Double?) -> InputMessage {
        guard let c = open[id] else { return .removed(id: Int(id)) }
        func held(_ x: SDL_GameControllerButton) -> Double { SDL_GameControllerGetButton(c, x) != 0 ? 1 : 0 }
        return .axis(id: Int(id), .dpad, x: held(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) - held(SDL_CONTROLLER_BUTTON_DPAD_LEFT),
                     y: held(SDL_CONTROLLER_BUTTON_DPAD_UP) - held(SDL_CONTROLLER_BUTTON_DPAD_DOWN), time: time)
    }

    private func axis(_ id: Int32, _ c: OpaquePointer, _ a: SDL_GameControllerAxis, time: Double?) -> [InputMessage] {
        func v(_ x: SDL_GameControllerAxis) -> Double { max(-1, Double(SDL_GameControllerGetAxis(c, x)) / 32767) }
        switch a {
        case SDL_CONTROLLER_AXIS_LEFTX, SDL_CONTROLLER_AXIS_LEFTY:
            // SDL's y grows downwards; the protocol's up is +1.
            return [.axis(id: Int(id), .leftThumbstick, x: v(SDL_CONTROLLER_AXIS_LEFTX), y: -v(SDL_CONTROLLER_AXIS_LEFTY), time: time)]
        case SDL_CONTROLLER_AXIS_RIGHTX, SDL_CONTROLLER_AXIS_RIGHTY:
            return [.axis(id: Int(id), .rightThumbstick, x: v(SDL_CONTROLLER_AXIS_RIGHTX), y: -v(SDL_CONTROLLER_AXIS_RIGHTY), time: time)]
        case SDL_CONTROLLER_AXIS_TRIGGERLEFT, SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
            let value = max(0, v(a))
            return [.button(id: Int(id), a == SDL_CONTROLLER_AXIS_TRIGGERLEFT ? .leftTrigger : .rightTrigger, pressed: value > 0.5, value: value, time: time)]
        default:
            return []
        }
    }

    static func button(_ b: Int32) -> PadButton? {
        switch SDL_GameControllerButton(b) {
        case SDL_CONTROLLER_BUTTON_A: .a
        case SDL_CONTROLLER_BUTTON_B: .b
        case SDL_CONTROLLER_BUTTON_X: .x
        case SDL_CONTROLLER_BUTTON_Y: .y
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: .leftShoulder
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: .rightShoulder
        case SDL_CONTROLLER_BUTTON_DPAD_UP: .dpadUp
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: .dpadDown
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .dpadLeft
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .dpadRight
        case SDL_CONTROLLER_BUTTON_START: .pause
        default: nil
        }
    }

    static func dpadAxis(_ b: PadButton) -> PadButton? { [.dpadUp, .dpadDown, .dpadLeft, .dpadRight].contains(b) ? b : nil }

    // MARK: - Virtual controllers (tests without hardware)

    /// `attach` / `detach N` / `press N BUTTON` / `release N BUTTON` from standard input.
    public func control(_ line: String) -> String? {
        let w = line.split(separator: " ").map(String.init)
        switch (w.first, w.count) {
        case ("attach", 1):
            let device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0)
            guard device >= 0, let j = SDL_JoystickOpen(device) else { return "attach failed: \(String(cString: SDL_GetError()))" }
            virtual[nextVirtual] = (device, j)
            nextVirtual += 1
            return nil
        case ("detach", 2):
            guard let n = Int(w[1]), let v = virtual.removeValue(forKey: n) else { return "no virtual controller \(w[1])" }
            let index = (0..<SDL_NumJoysticks()).first { SDL_JoystickGetDeviceInstanceID($0) == SDL_JoystickInstanceID(v.joystick) }
            SDL_JoystickClose(v.joystick)
            if let index { SDL_JoystickDetachVirtual(index) }
            return nil
        case ("press", 3), ("release", 3):
            guard let n = Int(w[1]), let v = virtual[n] else { return "no virtual controller \(w[1])" }
            let names: [String: SDL_GameControllerButton] = ["a": SDL_CONTROLLER_BUTTON_A, "b": SDL_CONTROLLER_BUTTON_B,
                "x": SDL_CONTROLLER_BUTTON_X, "y": SDL_CONTROLLER_BUTTON_Y,
                "start": SDL_CONTROLLER_BUTTON_START, "up": SDL_CONTROLLER_BUTTON_DPAD_UP, "down": SDL_CONTROLLER_BUTTON_DPAD_DOWN,
                "left": SDL_CONTROLLER_BUTTON_DPAD_LEFT, "right": SDL_CONTROLLER_BUTTON_DPAD_RIGHT]
            guard let b = names[w[2]] else { return "unknown button \(w[2])" }
            SDL_JoystickSetVirtualButton(v.joystick, Int32(b.rawValue), w[0] == "press" ? 1 : 0)
            return nil
        default:
            return "unknown control line '\(line)' (attach, detach N, press N BUTTON, release N BUTTON)"
        }
    }
}
