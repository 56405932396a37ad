/// A controller event that cannot apply, naming the controller and why.
public struct FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
