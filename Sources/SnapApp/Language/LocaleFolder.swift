#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the compiled catalogs are (LL/LC_MESSAGES/snap-table.mo): installed, share/locale beside
/// the binary's bin; in a checkout, .build/locale, where scripts/po/build puts them.
public enum LocaleFolder {
    public static func path(executable: String? = RunningExecutable.path()) -> String {
        if let env = ProcessInfo.processInfo.environment["SNAPTABLE_LOCALEDIR"], !env.isEmpty { return env }
        if let executable {
            let share = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("../share")
            // Installed: the game's own share folder says this prefix is ours.
            if FileManager.default.fileExists(atPath: share.appendingPathComponent("snap-table/card-front.png").path) {
                return share.appendingPathComponent("locale").standardizedFileURL.path
            }
        }
        return packageBuild
    }

    /// .build/locale at the package root, known at build time.
    static let packageBuild: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/locale").path
}
