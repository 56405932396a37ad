/// A run that cannot go on, with the message the user sees and the exit status.
public struct AppFailure: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }

    /// Bad input from the user (art, fonts, scripts): exit 2.
    public static func badInput(_ message: String) -> AppFailure { AppFailure(message, exitCode: 2) }
}
