/// A controller event that cannot apply, naming the controller and why. `kind` leaves the id out,
/// so a flood of the same mistake is logged once.
public struct FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    public var kind: String
    public var message: String
    public init(kind: String, _ message: String) {
        self.kind = kind
        self.message = message
    }
    public var description: String { message }
}
