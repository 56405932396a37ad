import SnapCore

/// The screens' language: chosen at start (--language, else Settings, else the desktop's) and
/// again when Settings changes it; the session gets the new words as one more input.
extension TableApp {
    func speak(_ choice: String, at t: Double) {
        // The desktop's variables as the program began: LANGUAGE is ours from Gettext.start on.
        let wanted = Language.wanted(chosen: choice, environment: options.desktopEnvironment)
        languageGeneration += 1
        let applied = Gettext.use(wanted, folder: LocaleFolder.path(), generation: languageGeneration)
        if let notice = applied.notice { log.notice("\(notice)") }
        log.info("language \(applied.words.code): \(applied.catalog ?? "English, the sources' own") (looked for \(wanted.isEmpty ? "English" : wanted.joined(separator: ", ")))")
        send(.language(applied.words), at: t)
    }
}
