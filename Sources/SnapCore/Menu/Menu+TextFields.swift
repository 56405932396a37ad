/// What each text field (name, address, code) takes: its characters and its length.
extension Menu {
    /// Which characters each field takes: codes are letters and digits, addresses what a
    /// host name, an IPv4 or a bracketed IPv6 address and a port are made of.
    static func accepts(_ field: String, _ c: Character) -> Bool {
        switch field {
        case "code": c.isASCII && (c.isLetter || c.isNumber)
        case "address": c.isASCII && (c.isLetter || c.isNumber || ".:-[]".contains(c))
        default: !c.isNewline && c != "\t" && !(c.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7f } ?? true)
        }
    }

    static func maxLength(_ field: String) -> Int {
        switch field {
        case "code": 16
        case "address": 64
        default: TextLimit.name.characters
        }
    }
}
