/// The replay verbs a live feed also takes besides the seat verbs: `choose ID`, `text STRING`
/// and `key NAME`, so a script can drive the menus of a running table as a person would; and
/// `turn PLAYER`, `call PLAYER` and `pad ...`, so it can play a game for every seat; and
/// `display ...` (below), so it can unplug a screen and plug it back in.
public enum FeedVerbs {
    static let verbs: Set<String> = ["choose", "text", "key", "turn", "call", "pad"]

    /// The input a feed line means, when its verb is one of these; nil for other lines.
    public static func input(_ line: String) -> Result<TableInput, FeedVerbError>? {
        let words = words(line)
        guard let verb = words.first, verbs.contains(verb) else { return nil }
        do {
            switch try ReplayScript.parseCommand(verb: verb, args: Array(words.dropFirst())) {
            case .choose(let id): return .success(.choose(id))
            case .text(let s): return .success(.text(s))
            case .key(let k): return .success(.key(k))
            case .play(let i): return .success(.play(i))
            case .pad(let c): return .success(.pad(c))
            default: return nil
            }
        } catch {
            return .failure(FeedVerbError(message: error.message))
        }
    }
}

extension FeedVerbs {
    /// `display connect NAME W H` / `display disconnect NAME` on a live feed: a display change
    /// for the shell to simulate (it knows the real displays); nil for other lines.
    public static func displayChange(_ line: String) -> Result<DisplayChange, FeedVerbError>? {
        let words = words(line)
        guard words.first == "display" else { return nil }
        do {
            guard case .display(let change) = try ReplayScript.parseCommand(verb: "display", args: Array(words.dropFirst())) else { return nil }
            return .success(change)
        } catch {
            return .failure(FeedVerbError(message: error.message))
        }
    }
}

extension FeedVerbs {
    /// A line's words before any `#` comment.
    static func words(_ line: String) -> [String] {
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
    }
}

public struct FeedVerbError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
