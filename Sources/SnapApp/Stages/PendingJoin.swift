import Dispatch
import Logging
import SnapCore
import Synchronization

/// A join under way. `NetJoin` waits up to `NetJoin.waitSeconds` for the host's welcome; it
/// waits on a thread of its own, so the join screen goes on drawing, saying "Joining…", and
/// any other choice there calls the join off.
final class PendingJoin: Sendable {
    /// What the menu says meanwhile; the outcome counts only while it still says so.
    let message: String
    private let box = Box()

    /// A `NetJoin` handed over once, under the lock, from the thread that made it to the loop;
    /// no two threads ever use it at the same time.
    private struct HandOver: @unchecked Sendable { let join: NetJoin }

    private enum State: Sendable {
        case waiting
        case finished(Result<HandOver, JoinError>)
        /// Taken by the loop, or given up: no outcome and no wake any more.
        case over
    }

    private final class Box: Sendable {
        let state = Mutex<State>(.waiting)
    }

    init(address: String, code: String, name: String, words: Words, logger: Logger, wake: @escaping @Sendable () -> Void) {
        message = words.tr("Joining {address}…", ["address": address])
        let box = self.box
        // Wakes only while someone waits: once given up (the run ends), nothing may post to SDL.
        let guarded: @Sendable () -> Void = {
            box.state.withLock { s in if case .over = s { return }; wake() }
        }
        DispatchQueue.global().async {
            let outcome: Result<HandOver, JoinError>
            do throws(JoinError) {
                outcome = .success(HandOver(join: try NetJoin(address: address, code: code, name: name, token: nil, logger: logger,
                                                              wake: guarded)))
            } catch {
                outcome = .failure(error)
            }
            let kept = box.state.withLock { s -> Bool in
                guard case .waiting = s else { return false }
                s = .finished(outcome)
                return true
            }
            if kept { guarded() } else if case .success(let h) = outcome { h.join.link.stop() }
        }
    }

    /// The outcome, once there is one; given once.
    func take() -> Result<NetJoin, JoinError>? {
        let outcome = box.state.withLock { s -> Result<HandOver, JoinError>? in
            guard case .finished(let outcome) = s else { return nil }
            s = .over
            return outcome
        }
        return outcome?.map(\.join)
    }

    /// Nobody wants the outcome: a join that still comes through is closed at once, and the
    /// loop is not woken again.
    func giveUp() {
        let late = box.state.withLock { s -> Result<HandOver, JoinError>? in
            defer { s = .over }
            if case .finished(let outcome) = s { return outcome }
            return nil
        }
        if case .success(let h)? = late { h.join.link.stop() }
    }
}
