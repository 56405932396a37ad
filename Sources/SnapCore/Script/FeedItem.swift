/// What a feed hands its user: a line with its number, or a problem to log (an overlong line
/// dropped, a read error, a bound reached), placed at the line where it happened.
public enum FeedItem: Equatable, Sendable {
    case line(number: Int, text: String)
    case problem(ScriptError)
}
