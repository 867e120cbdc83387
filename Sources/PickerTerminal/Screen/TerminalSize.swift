import CPickerTerminal

/// The size of the terminal entered, read again each tick: a resize redraws.
struct TerminalSize: Equatable {
    var rows = 24
    var columns = 80

    /// Reads the size; true when it changed.
    mutating func update() -> Bool {
        var newRows: Int32 = 0
        var newColumns: Int32 = 0
        picker_terminal_size(&newRows, &newColumns)
        let size = (Int(max(newRows, 1)), Int(max(newColumns, 1)))
        guard size != (rows, columns), newRows > 0 else { return false }
        (rows, columns) = size
        return true
    }
}
