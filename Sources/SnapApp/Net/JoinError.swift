import SnapCore

/// Why a join did not come through: what the host said, or what the network did.
enum JoinError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host answered with a refusal (a wrong code, a full table, ...).
    case refused(NetRefusal, message: String)
    /// No welcome and roster within the wait.
    case noAnswer(address: String, seconds: Int)
    /// The connection could not be made, or ended before the welcome.
    case cannotConnect(address: String, why: String)

    /// The line for the terminal and the log.
    var description: String {
        switch self {
        case let .refused(r, message): "the host refused to seat us (\(r.rawValue)): \(message)"
        case let .noAnswer(address, seconds): "no answer from the host at \(address) within \(seconds) s"
        case let .cannotConnect(address, why): "cannot join \(address): \(why)"
        }
    }

    /// What the join screen says, in `words` (the details from the network stay as they came).
    func onScreen(_ words: Words) -> String {
        switch self {
        case .refused(.wrongCode, _): words.tr("Wrong join code. Check the code on the host’s screen.")
        case .refused(.tableFull, _): words.tr("That table is full.")
        case .refused(.busy, _): words.tr("That host is busy. Try again in a moment.")
        case .refused(.badVersion, _): words.tr("That host runs another version of SnapTable.")
        case .refused(.badHello, _): words.tr("The host did not take your name. Change it in Settings.")
        case .refused(.unknownToken, _), .noAnswer, .cannotConnect: words.tr("Could not join: {why}", ["why": description])
        }
    }

    /// For `snap-table --join`: exit status 3, as every network failure.
    var failure: AppFailure { AppFailure(description, exitCode: 3) }
}
