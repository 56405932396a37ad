#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Finds the art folder: the one given, one installed beside the binary, or the package's own
/// Resources when run from a checkout.
public enum ArtLocator {
    /// `executable` is the running binary (argv[0] only when /proc cannot say: a bare name found
    /// on PATH would look for the art in the current folder).
    public static func directory(given: String?, executable: String = RunningExecutable.path() ?? CommandLine.arguments[0]) -> String {
        if let given { return given }
        if let env = ProcessInfo.processInfo.environment["SNAPTABLE_ASSETS"], !env.isEmpty { return env }
        let exeDir = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let beside = [exeDir.appendingPathComponent("Resources"), exeDir.appendingPathComponent("../share/snap-table")]
        for url in beside where FileManager.default.fileExists(atPath: url.appendingPathComponent("card-front.png").path) {
            return url.standardizedFileURL.path
        }
        return packageResources
    }

    /// The browser client's folder: `web` in the art folder (installed beside it, in share/snap-table/web).
    public static func web(given: String?) -> String { directory(given: given) + "/web" }

    /// Resources/ at the package root, known at build time.
    static let packageResources: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources").path
}
