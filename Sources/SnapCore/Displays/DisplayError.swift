/// A simulated display change that cannot happen (connecting a name twice, removing an unknown one).
public struct DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
