/// Joining and splitting file paths as text, as NSString's path methods did (FoundationEssentials
/// has no NSString).
public enum PathText {
    /// `directory/name`, without doubling a slash; `name` alone when there is no directory.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The path without its last component: "/tmp/a.sock" is "/tmp", "/a" is "/", "a" is "".
    public static func parent(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var head = p[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return String(head)
    }
}
