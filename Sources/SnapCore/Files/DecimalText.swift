/// Numbers written with a fixed count of decimals, as printf's "%W.Df" (FoundationEssentials has
/// no String(format:)).
public enum DecimalText {
    /// `x` rounded to `decimals` places, padded with spaces on the left to `width` characters.
    public static func fixed(_ x: Double, _ decimals: Int, width: Int = 0) -> String {
        let text: String
        if !x.isFinite {
            text = x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf")
        } else {
            var scale = 1.0
            for _ in 0..<max(0, decimals) { scale *= 10 }
            let units = (abs(x) * scale).rounded()
            let whole = (units / scale).rounded(.towardZero)
            let frac = units - whole * scale
            var digits = String(Int64(frac))
            digits = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
            let sign = x < 0 && units != 0 ? "-" : ""
            text = sign + String(Int64(whole)) + (decimals > 0 ? "." + digits : "")
        }
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
