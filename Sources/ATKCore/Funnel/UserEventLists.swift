/// Every user's `(time, 32-bit value)` records in one chunked arena, as one linked list per user:
/// 16 bytes per record and 4 bytes per user, with no array or allocation per user.
///
/// A per-user `Array` costs its header (32 bytes), malloc's rounding and up to twice its count
/// in capacity: with a few events per user that is several times the events themselves.
/// A list is walked once per user at the end, so its scattered nodes cost little.
/// Up to 2³² − 1 records (64 GiB).
struct UserEventLists {
    /// One record; `previous` is the index + 1 of the user's previous record (0: none).
    private struct Node {
        var time: Int64
        var value: UInt32
        var previous: UInt32
    }

    private var nodes = ChunkedBuffer<Node>()
    /// Per user: the index + 1 of their last record (0: none); users without records past the
    /// end are not stored.
    private var last: [UInt32] = []

    /// Records kept.
    var count: Int { nodes.count }

    /// Adds a record to `user`'s list.
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(user: Int, time: Int64, value: UInt32) {
        if user >= last.count { last += repeatElement(0, count: user + 1 - last.count) }
        let index = nodes.append(Node(time: time, value: value, previous: last[user]))
        last[user] = UInt32(truncatingIfNeeded: index + 1)
    }

    /// Replaces `records` with `user`'s records, in the order they were appended.
    ///
    /// - Complexity: O(k) for k records of the user.
    func records(of user: Int, into records: inout [(time: Int64, value: UInt32)]) {
        records.removeAll(keepingCapacity: true)
        var next = user < last.count ? last[user] : 0
        while next != 0 {
            let node = nodes[Int(next) - 1]
            records.append((node.time, node.value))
            next = node.previous
        }
        records.reverse()
    }
}
