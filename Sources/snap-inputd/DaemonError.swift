/// Why the daemon cannot serve (the socket cannot be made).
struct DaemonError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
