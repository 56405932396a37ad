#if canImport(Glibc)
import Glibc
#endif

/// The name a host is announced under when none is given: the user's login name, else "SnapTable".
public enum AnnounceName {
    public static func fallback() -> String {
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name {
            let s = String(cString: name)
            if !s.isEmpty { return s }
        }
        return "SnapTable"
    }
}
