/// The game's inputs, on its own screen and in the host's lobby (there the menu takes the
/// pointer, keys and controllers first, and the game the network).
extension TableSession {
    /// The inputs the Snap! game takes itself; nil for those every screen treats alike.
    mutating func handleInGame(_ input: TableInput, at t: Double) -> [ShellEffect]? {
        switch input {
        case .pointer(let action, let spot):
            // The couch's table view has nothing to click: a release there still ends a gesture.
            let window = spot.flatMap { placement($0.window) }
            let p = window.flatMap { $0.role == .table ? nil : spot?.point }
            if action == .down, p != nil { windows.dragWindow = window }
            if action == .up { windows.dragWindow = nil }
            let capture: [ShellEffect] = action == .move ? [] : [.captureMouse(action == .down && p != nil)]
            return capture + (withGame { $0.pointer(action, p, at: t) } ?? [])
        case .key(let key) where key != .f11:
            return withGame { $0.key(key, at: t) }
        case .focusLost:
            _ = withGame { $0.cancelGestures(at: t) }
            return []
        case .pad(let command):
            return withGame { $0.pad(command, at: t) }
        case .daemon(.lost):
            return withGame { g in
                let ids = g.pads.keys.sorted()
                return ids.flatMap { g.pad(.remove(id: $0), at: t) }
                    + [.log(ids.isEmpty ? .info : .notice, "the input daemon went away")]
            }
        case .play(let input):
            return withGame { $0.play(input, at: t) }
        case .net(let input):
            return withGame { $0.net(input, at: t) }
        case .feed, .seat:
            return [.problem(Problem(kind: "seat verb in game", "seat verbs (player, active, wins, snap, status) change the --sandbox table only; the Snap! game seats its own players (line skipped)", logUpTo: 100))]
        default:
            return nil
        }
    }
}
