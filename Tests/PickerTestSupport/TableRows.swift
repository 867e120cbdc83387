import Foundation

/// The rows of a table pickerctl prints for a person (`plugins`, `list`,
/// `history`), each cut into its cells at runs of two or more spaces, so a
/// test names a row's cells whatever width the longest cell gave a column.
public func tableRows(_ output: String) -> [[String]] {
    output.split(separator: "\n").map { line in
        line.split(separator: "  ").map { String($0).trimmingCharacters(in: [" "]) }.filter { !$0.isEmpty }
    }
}
