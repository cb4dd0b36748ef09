/// The navigation events one partial of a ``NavigationAnalysis`` has seen, per user, kept until
/// the end so each user's events can be replayed in time order.
///
/// A user's records are a ``UserEventLists`` list (the funnels' per-user buffer: 16 bytes a
/// record, no array per user) whose values index ``records`` (12 bytes each). Screens and
/// entities are interned per table; tables of different partials are disjoint (a user's events
/// all reach one partial), so a merge keeps them side by side.
struct NavigationUserTable {
    /// What a kept event did.
    enum Kind: UInt8 {
        case appStart, view, click, conversion
    }

    /// One kept event: a screen id for views and clicks, the click's entity id (-1: none), or
    /// the conversion's index in ``conversions``.
    struct Record {
        var kind: Kind
        var screen: Int32
        var value: Int32
    }

    /// What a conversion kept besides its place in its user's list.
    struct Conversion {
        var location: LineLocation
        /// The user's index; -1 without a key.
        var user: Int32
        var appVersion: String?
        var recorded: RecordedPath
    }

    var users = Interner(capacity: 4096)
    var lists = UserEventLists()
    var records: [Record] = []
    var screens = Interner(capacity: 64)
    var entities = Interner(capacity: 1024)
    var conversions: [Conversion] = []
    /// Conversions without a user key or an integer time: they cannot be placed in a history.
    var unplaced: [Int] = []

    /// Distinct user keys.
    var userCount: Int { users.count }

    /// The index of the user with key `key`, adding a new one.
    mutating func user(_ key: UnsafeRawBufferPointer) -> Int {
        Int(users.internRepeating(key))
    }

    /// The id of a screen name, adding a new one.
    mutating func screen(_ name: UnsafeRawBufferPointer) -> Int32 {
        screens.intern(name)
    }

    /// The id of an entity, adding a new one.
    mutating func entity(_ name: UnsafeRawBufferPointer) -> Int32 {
        entities.intern(name)
    }

    /// Keeps a navigation event of `user` at `time`.
    mutating func keep(_ kind: Kind, screen: Int32 = -1, value: Int32 = -1, user: Int, time: Int64) {
        lists.append(user: user, time: time, value: UInt32(records.count))
        records.append(Record(kind: kind, screen: screen, value: value))
    }

    /// Keeps a conversion; `user` and `time` nil when it has no key or no integer time.
    mutating func keepConversion(_ conversion: Conversion, user: Int?, time: Int64?) {
        let index = Int32(conversions.count)
        conversions.append(conversion)
        if let user, let time {
            keep(.conversion, value: index, user: user, time: time)
        } else {
            unplaced.append(Int(index))
        }
    }

    /// The key of user `index`; nil for -1.
    private func userKey(_ index: Int32) -> String? {
        index < 0 ? nil : users.string(index)
    }

    /// Replays every user's events in (time, input order) through a ``NavigationStack`` and
    /// appends each conversion with its rebuilt path to `out`.
    ///
    /// - Returns: the clicks that were off the stack.
    /// - Complexity: O(n log n) for n kept records, plus the stack depth per view and conversion.
    func replay(config: NavigationConfig, into out: inout [PathConversion]) -> Int {
        var nodes: [String?] = []
        var isRoot: [Bool] = []
        for id in 0..<Int32(screens.count) {
            let name = screens.string(id)
            nodes.append(config.nodes[name])
            isRoot.append(config.roots.contains(name))
        }
        var offStack = 0
        var scratch: [(time: Int64, value: UInt32)] = []
        var order: [Int] = []
        for user in 0..<users.count {
            lists.records(of: user, into: &scratch)
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: scratch.indices)
            // Input order breaks ties in time.
            order.sort { a, b in scratch[a].time != scratch[b].time ? scratch[a].time < scratch[b].time : a < b }
            var stack = NavigationStack()
            for position in order {
                let record = records[Int(scratch[position].value)]
                switch record.kind {
                case .appStart:
                    stack.appStart()
                case .view:
                    stack.view(record.screen, isRoot: isRoot[Int(record.screen)])
                case .click:
                    if !stack.click(on: record.screen, entity: record.value) { offStack += 1 }
                case .conversion:
                    let conversion = conversions[Int(record.value)]
                    let rebuilt =
                        stack.frames.isEmpty
                        ? nil
                        : stack.frames.compactMap { frame in
                            nodes[Int(frame.screen)].map { node in
                                frame.entity < 0 ? node : node + "#" + entities.string(frame.entity)
                            }
                        }
                    out.append(
                        PathConversion(
                            location: conversion.location, user: userKey(conversion.user),
                            appVersion: conversion.appVersion, recorded: conversion.recorded, rebuilt: rebuilt))
                }
            }
        }
        for index in unplaced {
            let conversion = conversions[index]
            out.append(
                PathConversion(
                    location: conversion.location, user: userKey(conversion.user), appVersion: conversion.appVersion,
                    recorded: conversion.recorded, rebuilt: nil))
        }
        return offStack
    }
}
