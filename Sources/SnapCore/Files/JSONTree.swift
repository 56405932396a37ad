#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, for files whose keys this program does not all know (the settings file keeps
/// the others when it is written back).
public indirect enum JSONTree: Codable, Equatable, Sendable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let x = try? c.decode(Double.self) { self = .number(x) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONTree].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONTree].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .object(let o): try c.encode(o)
        case .array(let a): try c.encode(a)
        case .string(let s): try c.encode(s)
        // Whole numbers stay whole in the file ("volume": 80, not 80.0).
        case .number(let x): if x == x.rounded(), abs(x) < 1e15 { try c.encode(Int(x)) } else { try c.encode(x) }
        case .bool(let b): try c.encode(b)
        case .null: try c.encodeNil()
        }
    }
}
