/// Shortens a line of text to a width with an ellipsis, with few measurements: the text is
/// first capped to `TextLimit.layout`, then the longest prefix that fits is found by binary
/// search. At most 10 measurements (1 + log2 of 257 candidates) of at most 1 KB of text each,
/// however long the input; the old way measured once per character removed.
public enum TextFit {
    public static let ellipsis = "\u{2026}"

    /// The smallest a label shrinks to fit its box before it wraps or is cut: still readable at
    /// the couch, and few enough sizes for the renderer's one open font per face.
    public static let shrinkSteps = [0.9, 0.8, 0.7]

    /// `text` if it fits in `width`, else as many leading characters as fit followed by "…"
    /// (just "…" when not even one character fits). `designed`: the box is meant to cut (a
    /// player's name, a link); any other cut is told to `metrics.cutting`.
    public static func fit(_ text: String, width: Double, style: TextStyle, metrics: TextMetrics, designed: Bool = false) -> String {
        let (capped, cut) = TextLimit.layout.prefix(text)
        if !cut, metrics.width(capped, style) <= width { return capped }
        if !designed { metrics.cutting(text, style, width: width) }
        let chars = Array(capped)
        func candidate(_ n: Int) -> String {
            var s = String(chars[..<n])
            while s.last?.isWhitespace == true { s.removeLast() }
            return s + ellipsis
        }
        // The answer is the largest n with candidate(n) fitting; n == 0 ("…") needs no measuring.
        // When the text was not cut, n == chars.count is the whole text, known not to fit.
        var lo = 0, hi = cut ? chars.count : chars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if metrics.width(candidate(mid), style) <= width { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// `text` made smaller (down to the last shrink step) to fit `width`, and only cut when even
    /// that does not fit: the line and the scale to draw it at (`scale` times the step).
    public static func shrinkingFit(_ text: String, width: Double, style: TextStyle, scale: Double = 1,
                                    metrics: TextMetrics, designed: Bool = false) -> (text: String, scale: Double) {
        let k = shrunk(text, width: width, style: style, scale: scale, metrics: metrics) ?? scale * (shrinkSteps.last ?? 1)
        return (fit(text, width: width / k, style: style, metrics: metrics, designed: designed), k)
    }

    /// The largest of `scale` and its shrink steps at which `text` fits `width` (logical units
    /// of the box), or nil when even the smallest does not.
    public static func shrunk(_ text: String, width: Double, style: TextStyle, scale: Double, metrics: TextMetrics) -> Double? {
        let w = metrics.width(text, style)
        for k in [1] + shrinkSteps where w * scale * k <= width { return scale * k }
        return nil
    }
}
