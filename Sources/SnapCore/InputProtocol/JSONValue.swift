#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of a flat JSON object as the input protocol uses them: true/false apart from the
/// numbers 1 and 0, whole numbers written without a fraction. Arrays and objects are `other`,
/// which no field accepts.
enum JSONValue: Codable, Equatable {
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case null
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let x = try? c.decode(Double.self) { self = .number(x) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if (try? c.decode([JSONValue].self)) != nil || (try? c.decode([String: JSONValue].self)) != nil { self = .other }
        // A number past Double's range makes the line unreadable, as it did for JSONSerialization.
        else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "a number out of range") }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .number(let x): try c.encode(x)
        case .string(let s): try c.encode(s)
        case .null, .other: try c.encodeNil()
        }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// Any number, whole or not (never a Bool).
    var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .number(let x): x
        default: nil
        }
    }

    /// One line of JSON with sorted keys, slashes unescaped.
    static func line(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(object), as: UTF8.self)
    }

    /// The object on `line`, or nil when it is not one JSON object.
    static func object(_ line: Substring) -> [String: JSONValue]? {
        try? JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8))
    }
}
