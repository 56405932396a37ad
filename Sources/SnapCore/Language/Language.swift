/// The languages SnapTable has words for, and how the one to show is chosen. Codes are gettext's
/// (ISO 639, with a region where it matters: "pt_BR"); names are each language's own, so anyone
/// can find theirs in the list whatever the screen shows now.
public enum Language {
    /// Every language with a catalog in po/, English (the sources' own words) first.
    public static let offered = ["en", "de", "es", "fr"]

    /// What Settings shows for a code: its own name ("Deutsch"), or the code when unknown.
    public static func name(_ code: String) -> String {
        switch code {
        case "en": "English"
        case "de": "Deutsch"
        case "es": "Español"
        case "fr": "Français"
        default: code
        }
    }

    /// Why `code` cannot be a language setting, or nil: "system" or letters, digits, "_", "-"
    /// and "@" (gettext's LL_CC@variant), at most 32.
    public static func problem(_ code: String) -> String? {
        if code == "system" { return nil }
        guard !code.isEmpty, code.utf8.count <= 32,
              code.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-@".unicodeScalars.contains($0)) }),
              code.unicodeScalars.first?.properties.isAlphabetic == true
        else { return "must be \"system\" or a language code such as \"fr\" or \"pt_BR\"" }
        return nil
    }

    /// The languages to look for, best first, as gettext reads the environment: LANGUAGE (a
    /// colon list) when the locale is not "C", else the first of LC_ALL, LC_MESSAGES, LANG that is
    /// set. `chosen` (the --language flag, else Settings when not "system") replaces them all: a
    /// language chosen without a catalog is English, not the desktop's.
    /// "de_DE.UTF-8" is looked for as "de_DE" then "de"; English needs no catalog, so it ends the
    /// list where it appears.
    public static func wanted(chosen: String?, environment: [String: String]) -> [String] {
        var out: [String] = []
        func add(_ raw: String) {
            // gettext drops the codeset: catalogs are found by language, region and variant.
            var code = Substring(raw)
            var variant: Substring = ""
            if let at = code.firstIndex(of: "@") { variant = code[at...]; code = code[..<at] }
            if let dot = code.firstIndex(of: ".") { code = code[..<dot] }
            guard !code.isEmpty, code != "C", code != "POSIX" else { return }
            var forms = [String(code + variant)]
            if let under = code.firstIndex(of: "_") { forms.append(String(code[..<under] + variant)) }
            for f in forms where !out.contains(f) { out.append(f) }
        }
        if let chosen, chosen != "system" {
            add(chosen)
            return out.first.map { $0.hasPrefix("en") ? [] : out } ?? []
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // As GNU gettext: no locale set is the "C" locale, where LANGUAGE is not read.
        if !locale.isEmpty, locale != "C", locale != "POSIX", let list = environment["LANGUAGE"], !list.isEmpty {
            for l in list.split(separator: ":") { add(String(l)) }
        }
        add(locale)
        if let english = out.firstIndex(where: { $0 == "en" || $0.hasPrefix("en_") || $0.hasPrefix("en@") }) {
            out.removeSubrange(out.index(after: english)...)
        }
        return out
    }
}
