#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore

/// The settings file, `$XDG_CONFIG_HOME/snap-table/settings.json` (`~/.config/...` when unset):
/// read at start, written whole (atomically) when Settings change. A file that cannot be read
/// is moved aside to `settings.json.bad`, never deleted, and defaults take its place.
public struct SettingsStore: Sendable {
    public let path: String
    /// Larger files are not settings this program wrote.
    public static let maxBytes = 64 * 1024

    public init(path: String) { self.path = path }

    /// The default place, from the XDG base directory rules.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/snap-table/settings.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/snap-table/settings.json"
    }

    /// The settings, and what to report once when the file was unreadable (and where it went).
    public func load(defaults: Settings) -> (settings: Settings, problem: String?) {
        var st = stat()
        // No file yet: the first run.
        if lstat(path, &st) != 0, errno == ENOENT { return (defaults, nil) }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, atMost: Self.maxBytes) } catch {
            return (defaults, setAside(because: error.reason))
        }
        do {
            guard case .object(let object) = try JSONDecoder().decode(JSONTree.self, from: Data(bytes)) else {
                return (defaults, setAside(because: "it is not a JSON object"))
            }
            return (try Settings.from(object, defaults: defaults), nil)
        } catch let e as SettingsError {
            return (defaults, setAside(because: e.description))
        } catch {
            return (defaults, setAside(because: "it is not valid JSON"))
        }
    }

    /// Moves the unreadable file to `.bad` (or `.bad.2`, `.bad.3` … when that is taken) and says so.
    func setAside(because why: String) -> String {
        for n in 1...100 {
            let target = n == 1 ? path + ".bad" : path + ".bad.\(n)"
            var st = stat()
            guard lstat(target, &st) != 0 else { continue }
            if rename(path, target) == 0 {
                return "settings file \(path) could not be read (\(why)): kept as \(target); using the defaults"
            }
            return "settings file \(path) could not be read (\(why)) nor moved aside (\(String(cString: strerror(errno)))); using the defaults"
        }
        return "settings file \(path) could not be read (\(why)); \(path).bad … .bad.100 exist, so it stays; using the defaults"
    }

    /// Writes the settings whole; keys the file had that this version does not know stay.
    public func save(_ s: Settings) throws {
        let dir = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        if !dir.isEmpty { try Self.makeDirectories(dir) }
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try e.encode(JSONTree.object(s.object))
        try AtomicFile.replace(path, with: Array(data) + [UInt8(ascii: "\n")])
    }

    /// mkdir -p, owner-only for what it makes (XDG asks 0700 for the base directories).
    static func makeDirectories(_ dir: String) throws {
        var built = ""
        for part in dir.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0, errno != EEXIST {
                throw FileWriteError(path: built, message: "cannot create the folder (\(String(cString: strerror(errno))))")
            }
        }
    }
}

/// The name a person starts with: their full name from the password database, else the login.
public enum LoginName {
    public static func guess(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let login = environment["USER"] ?? environment["LOGNAME"] ?? ""
        // System accounts (root) have their login as their "full name": nobody is called that.
        if let pw = getpwuid(getuid()), let gecos = pw.pointee.pw_gecos {
            let full = String(cString: gecos).split(separator: ",").first.map(String.init) ?? ""
            if Settings.problem(name: full) == nil, full != "root", full != String(cString: pw.pointee.pw_name) { return full }
        }
        guard Settings.problem(name: login) == nil, login != "root" else { return "Player" }
        return login.prefix(1).uppercased() + login.dropFirst()
    }
}
