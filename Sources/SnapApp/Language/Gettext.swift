import CGettext
import SnapCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// glibc's gettext, set up for SnapTable's catalogs. gettext's state is the process's own (the
/// locale, LANGUAGE, the bound folder): `start` sets the locale and the folder once, before the
/// run's threads; `use` then only replaces LANGUAGE's value, from the main thread. Lookups
/// themselves are thread-safe.
public enum Gettext {
    public static let domain = "snap-table"

    /// What `use` did: the words to show and, once, why a catalog was passed over.
    public struct Applied: Sendable {
        public var words: Words
        /// The catalog file gettext reads (nil: English, the sources' own).
        public var catalog: String?
        public var notice: String?
    }

    /// Messages only: LC_NUMERIC and the rest stay "C", so no number is read or written with a
    /// decimal comma. A locale the system has not generated is not needed either: any locale
    /// other than "C" makes gettext follow LANGUAGE, and C.UTF-8 is always there.
    public static func start(folder: String) {
        if setlocale(LC_MESSAGES, "") == nil || String(cString: setlocale(LC_MESSAGES, nil)) == "C" {
            setlocale(LC_MESSAGES, "C.UTF-8")
        }
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
        speak([])
    }

    /// Makes lookups answer in the first of `wanted` with a readable catalog in `folder`,
    /// English when none has one. `generation` tells the pictures built with the previous words
    /// apart from the new ones.
    public static func use(_ wanted: [String], folder: String, generation: Int) -> Applied {
        var notice: String?
        for (i, code) in wanted.enumerated() {
            let file = "\(folder)/\(code)/LC_MESSAGES/\(domain).mo"
            guard FileManager.default.fileExists(atPath: file) else { continue }
            // Every catalog msgfmt writes has a header (the translation of ""); none means
            // gettext could not read the file. Asked alone, so another catalog cannot answer.
            speak([code])
            if lookup("").isEmpty {
                notice = notice ?? "the \(code) catalog \(file) cannot be read (is it a .mo made by msgfmt?): passed over"
                continue
            }
            speak(Array(wanted[i...]))
            return Applied(words: words(code, generation), catalog: file, notice: notice)
        }
        speak([])
        return Applied(words: words("en", generation), catalog: nil, notice: notice)
    }

    /// Sets the languages gettext looks in. "en" ends the list: whatever the desktop's LANG
    /// would find after it, English is the sources' own words. The variable is set at start, so
    /// later calls replace its value in place (the environment's array is not moved).
    private static func speak(_ codes: [String]) {
        setenv("LANGUAGE", (codes + ["en"]).joined(separator: ":"), 1)
        snap_gettext_forget()
    }

    static func words(_ code: String, _ generation: Int) -> Words {
        // Only the language's own part: "pt_BR" is "pt-BR" to a browser, "fr" stays "fr".
        Words(code: code.split(separator: "_").joined(separator: "-"), generation: generation,
              lookup: { lookup($0) },
              plural: { one, many, n in
                  one.withCString { o in many.withCString { m in String(cString: dngettext(domain, o, m, UInt(max(0, n)))) } }
              })
    }

    /// The translation of `message`, or `message` itself (copied before its C string goes).
    static func lookup(_ message: String) -> String {
        message.withCString { String(cString: dgettext(domain, $0)) }
    }
}
