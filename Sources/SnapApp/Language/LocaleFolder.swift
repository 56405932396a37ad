#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the compiled catalogs are (LL/LC_MESSAGES/snap-table.mo): beside the art ArtLocator
/// finds installed (PREFIX/share/snap-table gives PREFIX/share/locale); in a checkout,
/// .build/locale, where scripts/po/build puts them. SNAPTABLE_LOCALEDIR names another folder.
public enum LocaleFolder {
    public static func path(art: String = ArtLocator.directory(given: nil)) -> String {
        if let env = ProcessInfo.processInfo.environment["SNAPTABLE_LOCALEDIR"], !env.isEmpty { return env }
        let artURL = URL(fileURLWithPath: art)
        if artURL.lastPathComponent == "snap-table", artURL.deletingLastPathComponent().lastPathComponent == "share" {
            return artURL.deletingLastPathComponent().appendingPathComponent("locale").path
        }
        return packageBuild
    }

    /// .build/locale at the package root: beside the package's own Resources.
    static let packageBuild: String = URL(fileURLWithPath: ArtLocator.packageResources)
        .deletingLastPathComponent().appendingPathComponent(".build/locale").path
}
