#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// What `lstat` says about a path, reduced to what the socket checks need. Never follows a link.
public struct FileFacts: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case directory, socket
        case regular = "regular file"
        case symlink = "symbolic link"
        case other = "special file"
    }

    public var kind: Kind
    public var owner: uid_t
    /// The permission bits (mode & 07777).
    public var permissions: mode_t
    public var device: UInt64
    public var inode: UInt64

    public init(kind: Kind, owner: uid_t, permissions: mode_t, device: UInt64 = 0, inode: UInt64 = 0) {
        self.kind = kind
        self.owner = owner
        self.permissions = permissions
        self.device = device
        self.inode = inode
    }

    init(_ st: stat) {
        let type = st.st_mode & S_IFMT
        kind = type == S_IFDIR ? .directory : type == S_IFSOCK ? .socket : type == S_IFREG ? .regular
            : type == S_IFLNK ? .symlink : .other
        owner = st.st_uid
        permissions = st.st_mode & 0o7777
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// The facts of `path` itself (a link is reported as a link); nil when nothing is there.
    public static func at(_ path: String) throws(SocketPathError) -> FileFacts? {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT { return nil }
            throw .system("lstat", path, errno)
        }
        return FileFacts(st)
    }

    /// Same file: same device and inode.
    public func isSameFile(as other: FileFacts) -> Bool { device == other.device && inode == other.inode }
}
