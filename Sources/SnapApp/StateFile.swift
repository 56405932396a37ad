import Foundation
import SnapCore

/// Writes the table's state as JSON, whole or not at all (a temporary file renamed into place).
enum StateFile {
    static func write(_ state: TableStateJSON, to path: String) throws {
        let data = try state.jsonData()
        let tmp = path + ".tmp"
        guard FileManager.default.createFile(atPath: tmp, contents: data + Data("\n".utf8)) else {
            throw AppFailure("cannot write state file \(path)")
        }
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: tmp, toPath: path)
    }
}
