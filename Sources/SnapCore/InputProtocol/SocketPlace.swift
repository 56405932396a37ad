#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Makes the input socket's place safe to use, as tmux and ssh-agent do: a private directory
/// that is ours and 0700 (never a link), and at the socket path either nothing, a stale socket
/// of ours (removed), or a live daemon (refused). Nothing we did not create is chmodded, and
/// nothing that is not a socket is ever removed.
public enum SocketPlace {
    /// The verdict on a private socket directory, from its lstat facts.
    public static func checkDirectory(_ facts: FileFacts, at path: String, euid: uid_t) throws(SocketPathError) {
        guard facts.kind == .directory else { throw .notADirectory(path, facts.kind) }
        guard facts.owner == euid else { throw .notOurs(path, owner: facts.owner, euid: euid) }
        guard facts.permissions == 0o700 else { throw .badMode(path, facts.permissions) }
    }

    /// Creates `dir` with mode 0700 when it is missing (its parent must exist), then checks it.
    public static func preparePrivateDirectory(_ dir: String, euid: uid_t = geteuid()) throws(SocketPathError) {
        let created = mkdir(dir, 0o700) == 0
        if !created && errno != EEXIST { throw .system("mkdir", dir, errno) }
        guard var facts = try FileFacts.at(dir) else { throw .system("lstat", dir, ENOENT) }
        // The umask may have narrowed what we just made; that one (and only that one) we may fix.
        if created, facts.kind == .directory, facts.owner == euid, facts.permissions != 0o700 {
            let fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                _ = fchmod(fd, 0o700)
                close(fd)
            }
            facts = try FileFacts.at(dir) ?? facts
        }
        try checkDirectory(facts, at: dir, euid: euid)
    }

    /// An explicit socket path: its parent must already be a directory (it is neither made nor chmodded).
    public static func checkParent(of path: String) throws(SocketPathError) {
        let parent = PathText.parent(of: path)
        var st = stat()
        guard stat(parent.isEmpty ? "." : parent, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw .missingParent(path)
        }
    }

    /// Connect first, then decide: nothing there is fine; a socket nobody answers on (ECONNREFUSED)
    /// is stale and removed; a live daemon, another user's socket or anything that is not a
    /// socket is refused and left alone.
    public static func clearStale(_ path: String, euid: uid_t = geteuid()) throws(SocketPathError) {
        guard let facts = try FileFacts.at(path) else { return }
        guard facts.kind == .socket else { throw .occupied(path, facts.kind) }
        guard facts.owner == euid else { throw .notOurs(path, owner: facts.owner, euid: euid) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", path, errno) }
        let result = InputSocket.withAddress(path) { connect(fd, $0, $1) == 0 ? 0 : errno }
        close(fd)
        guard let result else { throw .tooLong(path) }
        switch result {
        case ECONNREFUSED:
            // Only the very socket we probed: if something else took its place since, leave it.
            guard let now = try FileFacts.at(path), now.kind == .socket, now.isSameFile(as: facts) else { throw .inUse(path) }
            guard unlink(path) == 0 || errno == ENOENT else { throw .system("unlink", path, errno) }
        case 0, EAGAIN, EINPROGRESS:
            // Connected, or a full backlog: someone is listening.
            throw .inUse(path)
        default:
            throw .system("connect", path, result)
        }
    }

    /// Removes the socket at `path` only when it still is `ours` (same device and inode).
    @discardableResult
    public static func removeIfOurs(_ path: String, ours: FileFacts) -> Bool {
        guard let now = try? FileFacts.at(path), now.kind == .socket, now.isSameFile(as: ours) else { return false }
        return unlink(path) == 0
    }
}
