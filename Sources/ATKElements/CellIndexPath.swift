/// The index path of a table or collection view cell.
///
/// Collection views call the second component `item`; it is stored as `row`
/// for both, as `$element_position` does.
public struct CellIndexPath: Sendable, Hashable, CustomStringConvertible {
    /// The section of the cell.
    public var section: Int
    /// The row (table view) or item (collection view) of the cell.
    public var row: Int

    /// Creates an index path.
    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// The `section:row` form used by `$element_position`, such as `0:3`.
    public var description: String {
        "\(section):\(row)"
    }
}
