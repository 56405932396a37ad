#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// The `--table FILE` and `--players/--me` ways of saying who sits where.
public enum SeatingFile {
    struct Document: Decodable {
        var me: String
        var active: String?
        var status: String?
        var players: [Entry]
    }
    struct Entry: Decodable {
        var id: String
        var name: String
        var seat: Int
        var gamesWon: Int?
    }

    /// A table file is a few hundred bytes; this bounds what is decoded.
    public static let maxFileBytes = 1 << 20

    /// Parses the JSON table file; errors name the file and what is wrong in it.
    public static func parse(_ data: Data, file: String) throws(SeatingError) -> Seating {
        guard data.count <= maxFileBytes else {
            throw SeatingError("\(file): the file is \(data.count) bytes, more than \(maxFileBytes) (a table file is a few hundred bytes)")
        }
        let doc: Document
        do {
            doc = try JSONDecoder().decode(Document.self, from: data)
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw SeatingError("\(file): \(where_(ctx.codingPath))missing field '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw SeatingError("\(file): \(where_(ctx.codingPath))\(ctx.debugDescription)")
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw SeatingError("\(file): \(where_(ctx.codingPath))\(ctx.debugDescription)")
        } catch {
            throw SeatingError("\(file): not valid JSON (expected {\"me\": ID, \"players\": [{\"id\", \"name\", \"seat\"}]})")
        }
        do {
            let players = doc.players.map { Player(id: $0.id, name: $0.name, seat: $0.seat, gamesWon: $0.gamesWon ?? 0) }
            return try Seating(me: doc.me, players: players, active: doc.active, status: doc.status)
        } catch {
            throw SeatingError("\(file): \(error.message)")
        }
    }

    /// `--players "Ann,Ben,Cy" --me Cy`: seats 0, 1, 2... in the order listed, ids equal to names.
    public static func fromList(_ list: String, me: String?) throws(SeatingError) -> Seating {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        guard names.count <= 4 else { throw SeatingError("--players: \(names.count) players given, at most 4 fit at the table") }
        for (i, n) in names.enumerated() where n.isEmpty { throw SeatingError("--players: player \(i + 1) has an empty name") }
        let players = names.enumerated().map { Player(id: $1, name: $1, seat: $0) }
        do {
            return try Seating(me: me ?? names[0], players: players)
        } catch {
            throw SeatingError("--players/--me: \(error.message)")
        }
    }

    static func where_(_ path: [CodingKey]) -> String {
        var parts: [String] = []
        for k in path {
            if let i = k.intValue { parts.append("[\(i)]") } else { parts.append((parts.isEmpty ? "" : ".") + k.stringValue) }
        }
        return parts.isEmpty ? "" : parts.joined() + ": "
    }
}
