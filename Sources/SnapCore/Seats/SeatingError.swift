/// A table or feed update that cannot be applied, naming the player and the field at fault.
public struct SeatingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    static func field(_ player: String, _ field: String, _ why: String) -> SeatingError {
        SeatingError("player \(player): \(field) \(why)")
    }
}
