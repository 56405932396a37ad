import CSDL2

/// A failed SDL call, with SDL's own reason read right after the failure.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var reason: String

    public init(_ call: String, reason: String? = nil) {
        self.call = call
        self.reason = reason ?? String(cString: SDL_GetError())
    }

    public var description: String { "\(call) failed: \(reason)" }
}
