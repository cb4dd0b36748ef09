import ATKCore
import Foundation

/// Simulates one app session of one user.
///
/// A session is a launch, page views with list exposures, clicks, product views, add-to-cart
/// conversions, the end, and the faults it was asked to inject. Everything the analyses should
/// find is counted into the truth as it is made.
struct SessionSimulator {
    private let user: UserProfile
    private let sessionIndex: Int
    private let options: GeneratorOptions
    private var rng: SplitMix64
    private var rate: Double { options.faultRate }
    private(set) var drafts: [EventDraft] = []
    /// Lines that are not events (malformed), with the draft they imitate.
    private(set) var malformed: [(bytes: [UInt8], after: Int, rules: [String], faults: [String])] = []
    private var t: Int64
    private let start: Int64

    // Navigation: the current tab's stack, with the entity clicked on each screen to go deeper.
    private var trail: [(screen: ShopApp.Screen, entity: String?)] = []
    private var shown: ShopApp.Shown
    private var page = PageState(screen: "")
    /// The `distinct_id` the SDK writes now: the anonymous id until a journey's login.
    private var distinctId: String
    private var lastProduct = "P1000"
    /// Offset of this session's flush timer.
    private let flushPhase: Int64

    /// Impressions bookkeeping for the current page view.
    private struct PageState {
        var screen: String
        /// When its `$AppViewScreen` happened.
        var viewTime: Int64 = 0
        var exposedKeys: Set<String> = []
        var rowsByList: [String: Set<Int>] = [:]
        var exposedRows: [Int] = []
        var droppedRows: [Int] = []
        var visibleEnd = 0
    }

    init(user: UserProfile, sessionIndex: Int, options: GeneratorOptions) {
        self.user = user
        self.sessionIndex = sessionIndex
        self.options = options
        rng = SplitMix64(
            seed: options.seed, stream: UInt64(user.id.hashValueStable), substream: UInt64(sessionIndex + 1))
        start = user.sessions[sessionIndex]
        distinctId = user.login.map { sessionIndex <= $0.session } == true ? user.anonymousId : user.id
        t = start
        flushPhase = start % 15_000
        shown = ShopApp.build(.home, stack: [.home], rows: 8, appVersion: user.appVersion, legacyTable: false)
    }

    // MARK: - Session

    /// Runs the session, updating `truth` with what the analyses must find.
    mutating func run(truth: inout GeneratorTruth) {
        // A passive launch's page view is timed before the session, maybe inside the last one.
        if !options.navigation && rng.chance(rate) { backgroundLaunch(truth: &truth) }
        var startEvent = draft("$AppStart")
        startEvent["$is_first_time"] = .bool(sessionIndex == 0)
        startEvent["$resume_from_background"] = .bool(sessionIndex > 0 && rng.chance(0.5))
        append(startEvent)
        navigate(to: .home, replacing: true, truth: &truth)
        if let login = user.login, login.session == sessionIndex { logIn(login.link) }
        let actions = rng.int(2...6)
        for _ in 0..<actions { act(truth: &truth) }
        endPage(truth: &truth)
        finish(truth: &truth)
        injectLineFaults()
        if options.journeys { truth.recordSession(drafts, exact: rate == 0) }
    }

    /// The user logs in: the SDK links the anonymous id to the login id and writes the login id
    /// from then on.
    private mutating func logIn(_ link: UserProfile.LoginLink) {
        distinctId = user.id
        var line = draft(link == .signup ? "$SignUp" : "$BindID", method: "code")
        switch link {
        case .signup:
            line.type = "track_signup"
            line.originalId = user.anonymousId
        case .bind:
            line.type = "track_id_bind"
            line.identities = [("$identity_login_id", user.id), ("$identity_anonymous_id", user.anonymousId)]
        }
        append(line)
    }

    private mutating func backgroundLaunch(truth: inout GeneratorTruth) {
        let saved = t
        t = start - 20 * 60_000
        var passive = draft("$AppStartPassively")
        passive["$is_first_time"] = .bool(false)
        passive["$resume_from_background"] = .bool(false)
        append(passive)
        var view = draft("$AppViewScreen", advance: 300)
        view["$screen_name"] = .string(ShopApp.Screen.home.rawValue)
        view["$title"] = .string(ShopApp.Screen.home.title)
        view.libDetail = ShopApp.Screen.home.rawValue + "######"
        view.inject("passive_page_view", rules: ["lifecycle.passive_page_view"])
        append(view)
        truth.pageViews += 1
        t = saved
    }

    private mutating func finish(truth: inout GeneratorTruth) {
        t += Int64(rng.int(1000...20_000))
        // A login session's $AppStart was written under the anonymous id: per distinct_id (what
        // validate's lifecycle rules follow), nothing is open at its end.
        let loggedInHere = user.login?.session == sessionIndex
        if rng.chance(rate) {
            var crash = draft("AppCrashed", method: "code")
            crash["app_crashed_reason"] = .string(
                "Exception Reason:-[__NSArrayM objectAtIndex:]: index 5 beyond bounds [0 .. 4]\nException Stack:0 CoreFoundation 0x1a2b3c"
            )
            crash.inject("crash_without_app_end", rules: loggedInHere ? [] : ["lifecycle.missing_app_end"])
            append(crash)
            return
        }
        var end = draft("$AppEnd")
        end["$screen_name"] = .string(shown.screen.rawValue)
        if loggedInHere { end.rules.append("lifecycle.orphan_app_end") }
        var duration = Double(t - start) / 1000
        if rng.chance(rate / 2) {
            duration = -Double(rng.int(1...100_000)) / 1000
            end.inject("negative_duration", rules: ["lifecycle.negative_duration", "lifecycle.duration_mismatch"])
        } else if rng.chance(rate / 2) {
            duration += Double(rng.int(30...300))
            end.inject("duration_mismatch", rules: ["lifecycle.duration_mismatch"])
        } else if rng.chance(rate / 4) {
            duration = 90_000 + Double(rng.int(0...9_999)) / 1000
            end.inject("duration_too_long", rules: ["lifecycle.duration_too_long", "lifecycle.duration_mismatch"])
        }
        // An $AppEnd that closes nothing is compared with no session.
        if loggedInHere { end.rules.removeAll { $0 == "lifecycle.duration_mismatch" } }
        end["event_duration"] = .number(duration, decimals: 3)
        append(end)
        if rng.chance(rate / 2) {
            var orphan = draft("$AppEnd", advance: 3000)
            orphan["$screen_name"] = .string(shown.screen.rawValue)
            orphan["event_duration"] = .number(1, decimals: 3)
            orphan.inject("orphan_app_end", rules: ["lifecycle.orphan_app_end"])
            append(orphan)
        }
    }

    // MARK: - Navigation and page views

    private mutating func navigate(to screen: ShopApp.Screen, replacing: Bool, truth: inout GeneratorTruth) {
        if !trail.isEmpty { endPage(truth: &truth) }
        if replacing {
            trail = [(screen, nil)]
        } else {
            trail.append((screen, nil))
        }
        showPage(truth: &truth)
    }

    private mutating func goBack(truth: inout GeneratorTruth) {
        guard trail.count > 1 else { return }
        endPage(truth: &truth)
        trail.removeLast()
        if !options.navigation { trail[trail.count - 1].entity = nil }
        showPage(truth: &truth)
    }

    private mutating func showPage(truth: inout GeneratorTruth) {
        guard let screen = trail.last?.screen else { return }
        let rows =
            switch screen {
            case .home: 8
            case .productList: 12
            case .discover: 6
            case .cart: rng.int(1...3)
            case .productDetail: 0
            }
        shown = ShopApp.build(
            screen, stack: trail.map(\.screen), rows: rows, appVersion: user.appVersion,
            legacyTable: user.osVersion.hasPrefix("10."))
        page = PageState(screen: screen.rawValue)
        labelCells()
        t += Int64(rng.int(300...2500))
        var view = draft("$AppViewScreen")
        view["$screen_name"] = .string(screen.rawValue)
        view["$title"] = .string(screen.title)
        view["$url"] = .string("shop://" + screen.node.lowercased())
        view.libDetail = screen.rawValue + "######"
        page.viewTime = view.time
        append(view)
        truth.pageViews += 1
        if screen == .productDetail {
            var product = draft("ProductView", method: "code", advance: 50)
            let id = currentProduct
            product["product_id"] = .string(id)
            product["product_name"] = .string(productName(id))
            product["price"] = .number(price(id), decimals: 2)
            if rng.chance(rate / 4) {
                product["description"] = .string(String(repeating: "长", count: 9000))
                product.inject("property_too_long", rules: ["property.too_long"])
            } else if rng.chance(rate / 4) {
                product["description"] = .string(String(repeating: "d", count: SDKLimits.valueMaxLength) + "$")
                product.inject("property_truncated", rules: ["property.truncated"])
            }
            append(product)
            if rng.chance(rate) {
                var copy = product
                copy.inject("duplicate_event", rules: ["duplicate.event"])
                drafts.append(copy)
            }
        }
        if !shown.cells.isEmpty {
            let visible = min(shown.cells.count, screen == .cart ? shown.cells.count : rng.int(3...5))
            expose(0..<visible, truth: &truth)
        }
    }

    /// Gives product and article cells the text of their label, unique per item, as the SDK
    /// records it in `$element_content`.
    private func labelCells() {
        for (row, cell) in shown.cells.enumerated() {
            let id = itemId(row: row)
            cell.content = id.hasPrefix("P") ? productLabel(id) : "文章 \(id)"
        }
        for (article, products) in shown.articleProducts.enumerated() {
            for (k, product) in products.enumerated() { product.content = productLabel(articleProduct(article, k)) }
        }
    }

    private func productLabel(_ id: String) -> String {
        "\(productName(id)) ¥\(LineWriter.fixed(price(id), decimals: 2))"
    }

    private func articleProduct(_ article: Int, _ k: Int) -> String { productId(article * 3 + k + 40) }

    private mutating func endPage(truth: inout GeneratorTruth) {
        if options.journeys && !page.screen.isEmpty {
            var leave = draft("$AppPageLeave")
            leave["$screen_name"] = .string(page.screen)
            leave["event_duration"] = .number(Double(leave.time - page.viewTime) / 1000, decimals: 3)
            append(leave)
        }
        var gaps = 0
        for rows in page.rowsByList.values {
            guard let low = rows.min(), let high = rows.max() else { continue }
            gaps += (high - low + 1) - rows.count
        }
        truth.impressions.indexGaps += gaps
        truth.impressionsByScreen[page.screen, default: .init()].indexGaps += gaps
    }

    /// Exposes list rows, newest visible window; may drop middle rows or send one twice.
    private mutating func expose(_ rows: Range<Int>, truth: inout GeneratorTruth) {
        ShopApp.show(rows, of: shown.cells, rotation: rng.int(0...3))
        t += 300
        for row in rows {
            t += 400
            page.visibleEnd = max(page.visibleEnd, row + 1)
            let isMiddle = row > 0 && row < rows.upperBound - 1
            if isMiddle && rng.chance(rate) {
                // The exposure is lost: an index gap, and a click without exposure if clicked.
                page.droppedRows.append(row)
                truth.unlinedFaults["missing_exposure", default: 0] += 1
                continue
            }
            let cell = shown.cells[row]
            let exposure = elementDraft("$AppExposure", node: cell, itemId: itemId(row: row), truth: &truth)
            let key = impressionKey(cell, itemId: itemId(row: row))
            record(exposure: key, row: row, path: cell.elementPath, truth: &truth)
            append(exposure)
            if rng.chance(rate) {
                // Double firing: the same item again a few milliseconds later.
                var again = elementDraft("$AppExposure", node: cell, itemId: itemId(row: row), truth: &truth)
                again.time = exposure.time + Int64(rng.int(1...300))
                again.flushTime = exposure.flushTime
                again.arrival = exposure.arrival
                if again.time > again.flushTime {
                    // Fired after its batch was sent: it goes with the next one (else time > _flush_time).
                    again.flushTime += 15_000
                    again.arrival = again.flushTime
                }
                again.faults.append("duplicate_exposure")
                record(exposure: key, row: row, path: cell.elementPath, truth: &truth)
                append(again)
            }
            page.exposedRows.append(row)
        }
    }

    private mutating func record(exposure key: String, row: Int, path: String, truth: inout GeneratorTruth) {
        truth.impressions.exposures += 1
        truth.impressionsByScreen[page.screen, default: .init()].exposures += 1
        if !page.exposedKeys.insert(key).inserted {
            truth.impressions.duplicates += 1
            truth.impressionsByScreen[page.screen, default: .init()].duplicates += 1
        }
        page.rowsByList[path, default: []].insert(row)
    }

    // MARK: - Actions

    private mutating func act(truth: inout GeneratorTruth) {
        t += Int64(rng.int(1500...20_000))
        let roll = rng.int(0...99)
        switch shown.screen {
        case .home:
            if roll < 45 {
                clickProduct(truth: &truth)
            } else if roll < 55 {
                click(shown.banner, truth: &truth)
                if !options.navigation { trail[trail.count - 1].entity = "B1" }
                navigate(to: .productList, replacing: false, truth: &truth)
            } else if roll < 65 {
                click(shown.seeAll, truth: &truth)
                navigate(to: .productList, replacing: false, truth: &truth)
            } else if roll < 72 {
                clickFavourite(truth: &truth)
            } else if roll < 80 {
                scroll(truth: &truth)
            } else if roll < 92 {
                navigate(to: .discover, replacing: true, truth: &truth)
            } else {
                navigate(to: .cart, replacing: true, truth: &truth)
            }
        case .productList:
            if roll < 60 {
                clickProduct(truth: &truth)
            } else if roll < 75 {
                scroll(truth: &truth)
            } else {
                goBack(truth: &truth)
            }
        case .productDetail:
            if roll < 35 {
                addToCart(truth: &truth)
            } else if roll < 45 {
                click(shown.buyNow, truth: &truth)
            } else if roll < 65 {
                click(rng.pick(shown.segments), truth: &truth)
            } else {
                goBack(truth: &truth)
            }
        case .discover:
            if roll < 50 {
                let article = rng.pick(page.exposedRows.isEmpty ? [0] : page.exposedRows)
                let product = rng.pick(shown.articleProducts[article])
                let id = articleProduct(article, product.indexPath?.row ?? 0)
                click(product, itemId: id, truth: &truth)
                lastProduct = id
                if !options.navigation { trail[trail.count - 1].entity = "A\(100 + article)" }
                navigate(to: .productDetail, replacing: false, truth: &truth)
            } else if roll < 75 {
                navigate(to: .home, replacing: true, truth: &truth)
            } else {
                navigate(to: .cart, replacing: true, truth: &truth)
            }
        case .cart:
            if roll < 30 {
                click(shown.checkout, truth: &truth)
            } else {
                navigate(to: .home, replacing: true, truth: &truth)
            }
        }
    }

    private mutating func scroll(truth: inout GeneratorTruth) {
        let from = page.visibleEnd
        guard from < shown.cells.count else { return }
        let to = min(shown.cells.count, from + rng.int(2...4))
        expose(from..<to, truth: &truth)
    }

    /// Clicks a product cell (usually an exposed one; sometimes one whose exposure was lost) and
    /// opens its detail screen.
    private mutating func clickProduct(truth: inout GeneratorTruth) {
        let candidates = !page.droppedRows.isEmpty && rng.chance(0.5) ? page.droppedRows : page.exposedRows
        guard !candidates.isEmpty else { return }
        let row = rng.pick(candidates)
        let cell = shown.cells[row]
        bringOnScreen(row: row)
        let id = itemId(row: row)
        click(cell, itemId: id, truth: &truth)
        lastProduct = id
        if !options.navigation { trail[trail.count - 1].entity = id }
        navigate(to: .productDetail, replacing: false, truth: &truth)
    }

    private mutating func clickFavourite(truth: inout GeneratorTruth) {
        guard let row = page.exposedRows.first else { return }
        bringOnScreen(row: row)
        click(shown.favourites[row], itemId: itemId(row: row), truth: &truth)
    }

    /// Scrolls back to a row that scrolled away, so it is on screen (a subview of its list) when
    /// it is tapped, as on a device.
    private func bringOnScreen(row: Int) {
        let cell = shown.cells[row]
        guard !(cell.parent?.children.contains { $0 === cell } ?? false) else { return }
        ShopApp.show(row..<min(shown.cells.count, row + 3), of: shown.cells, rotation: 0)
    }

    private mutating func addToCart(truth: inout GeneratorTruth) {
        click(shown.addToCart, truth: &truth)
        var conversion = draft("AddToCart", method: "code", advance: 20)
        let id = currentProduct
        conversion["product_id"] = .string(id)
        if rng.chance(rate) {
            conversion["price"] = .string(LineWriter.fixed(price(id), decimals: 2))
            conversion.inject("price_as_string", rules: ["property.type_conflict"])
        } else {
            conversion["price"] = .number(price(id), decimals: 2)
        }
        conversion["quantity"] = .int(Int64(rng.int(1...3)))
        truth.conversions += 1
        if rng.chance(rate) {
            conversion.inject("conversion_without_path", rules: [])
            truth.conversionsWithoutPath += 1
            if options.navigation { truth.navigation.add("missing") }
        } else {
            let recorded = options.navigation ? recordedTrail(truth: &truth, conversion: &conversion) : trail
            let nodes = recorded.map(\.screen.node)
            let useObject = options.pathFormat == .object || (options.pathFormat == .mixed && rng.chance(0.3))
            if useObject {
                conversion["user_action_path"] = .raw(pathObject(recorded))
                conversion.rules.append("property.type")
            } else {
                conversion["user_action_path"] = .strings(
                    recorded.map { step in step.entity.map { "\(step.screen.node)#\($0)" } ?? step.screen.node })
            }
            truth.paths[nodes, default: (0, [])].conversions += 1
            truth.paths[nodes, default: (0, [])].users.insert(user.id)
            for (source, target) in zip(nodes, nodes.dropFirst()) {
                truth.edges["\(source)>\(target)", default: 0] += 1
            }
        }
        append(conversion)
    }

    /// The path a conversion records with `--navigation`: the stack, or with a fault the stack
    /// without its first page or with one entity wrong; the outcome `atk paths verify` must find
    /// goes into the truth.
    private mutating func recordedTrail(
        truth: inout GeneratorTruth, conversion: inout EventDraft
    ) -> [(screen: ShopApp.Screen, entity: String?)] {
        var recorded = trail
        if trail.count >= 2 && rng.chance(rate) {
            recorded.removeFirst()
            conversion.inject("path_first_node_dropped", rules: [])
            truth.navigation.add("suffix")
        } else if let index = trail.indices.last(where: { trail[$0].entity != nil }), rng.chance(rate) {
            recorded[index].entity = "X" + (trail[index].entity ?? "")
            conversion.inject("path_wrong_entity", rules: [])
            truth.navigation.add("entities")
        } else {
            truth.navigation.add("match")
        }
        return recorded
    }

    /// Sets the top page's entity to a click's `item_id`, as the navigation model does: only for
    /// a click whose `$screen_name` is the top page's screen (no `item_id` clears it).
    private mutating func recordAction(of click: EventDraft) {
        guard let top = trail.indices.last, case .string(let screen)? = click["$screen_name"],
            screen == trail[top].screen.rawValue
        else { return }
        if case .string(let id)? = click["item_id"], !id.isEmpty {
            trail[top].entity = id
        } else {
            trail[top].entity = nil
        }
    }

    /// Seed 000's `BXL5thAveUserActionPath` as JSON.
    private func pathObject(_ trail: [(screen: ShopApp.Screen, entity: String?)]) -> String {
        var w = LineWriter()
        w.open()
        w.rawField("nodes", "[" + trail.map { String($0.screen.legacyNode) }.joined(separator: ",") + "]")
        w.field("nodesV2", trail.map(\.screen.node))
        let indexes = trail.indices.filter { trail[$0].entity != nil }
        w.rawField("entityIndexes", "[" + indexes.map(String.init).joined(separator: ",") + "]")
        w.field("entityIds", indexes.compactMap { trail[$0].entity })
        w.close()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    // MARK: - Clicks and element events

    private mutating func click(_ node: UINode?, itemId: String? = nil, truth: inout GeneratorTruth) {
        guard let node else { return }
        t += Int64(rng.int(800...4000))
        var event = elementDraft("$AppClick", node: node, itemId: itemId, truth: &truth)
        if rng.chance(rate / 2) {
            event["$element_type"] = nil
            event.inject("click_without_element_type", rules: ["preset.missing_property"])
        }
        append(event)
        if options.navigation { recordAction(of: event) }
        truth.impressions.clicks += 1
        truth.impressionsByScreen[page.screen, default: .init()].clicks += 1
        let key = impressionKey(node, itemId: itemId)
        if Self.isExposable(screen: page.screen, path: node.elementPath) && !page.exposedKeys.contains(key) {
            truth.impressions.clicksWithoutExposure += 1
            truth.impressionsByScreen[page.screen, default: .init()].clicksWithoutExposure += 1
        }
        let screen = node.screenName ?? ""
        let content = node.content ?? ""
        for definition in DumpGenerator.visualizedEvents
        where definition.matches(
            screen: screen, path: node.elementPath, position: node.elementPosition, content: content)
        {
            truth.visualized[definition.name, default: (0, [])].events += 1
            truth.visualized[definition.name, default: (0, [])].users.insert(user.id)
        }
        let driftKey = [screen, content, node.className].joined(separator: "\u{1F}")
        truth.drift[driftKey, default: [:]][user.appVersion, default: []].insert(node.elementPath)
    }

    /// Whether the list at `path` on `screen` records exposures.
    ///
    /// Fixed by the app's design: each list exposes its cells.
    static func isExposable(screen: String, path: String) -> Bool {
        path.hasSuffix("[-]") && !path.hasSuffix("UISegment[-]")
            && !(screen == ShopApp.Screen.discover.rawValue && path.hasSuffix("ProductCell[0][-]"))
    }

    private func impressionKey(_ node: UINode, itemId: String?) -> String {
        [node.screenName ?? "", node.elementPath, node.elementPosition ?? "", itemId ?? ""].joined(separator: "\u{1F}")
    }

    /// An exposure or click on `node`, with its identifiers and raw responder chain, and
    /// at most one identifier fault.
    private mutating func elementDraft(_ name: String, node: UINode, itemId: String?, truth: inout GeneratorTruth)
        -> EventDraft
    {
        var event = draft(name)
        let screen = node.screenName ?? ""
        let path = node.elementPath
        let position = node.elementPosition
        var chain = node.responderChain
        event["$screen_name"] = .string(screen)
        event["$title"] = .string(shown.screen.title)
        event["$element_type"] = .string(node.className)
        if let content = node.content { event["$element_content"] = .string(content) }
        event["$element_path"] = .string(path)
        if let position { event["$element_position"] = .string(position) }
        if let itemId { event["item_id"] = .string(itemId) }
        event.libDetail = screen + "######"
        truth.withChain += 1
        let roll = rng.chance(rate) ? rng.int(0...4) : -1
        switch roll {
        case 0:
            chain[1] = chain[1].replacingFirst("|view", with: "|widget")
            event.inject("invalid_chain", rules: [])
            truth.invalidChains += 1
        case 1:
            event["$element_path"] = .string("UILayoutContainerView/" + path)
            event.inject("wrong_element_path", rules: [])
            truth.mismatches["element_path", default: 0] += 1
            truth.rebuildFixChangedLines += 1
        case 2 where position != nil:
            let parts = (position ?? "").split(separator: ":")
            let wrong =
                parts.count == 2 ? "\(parts[0]):\((Int(parts[1]) ?? 0) + 1)" : "\((Int(position ?? "") ?? 0) + 1)"
            event["$element_position"] = .string(wrong)
            event.inject("wrong_element_position", rules: [])
            truth.mismatches["element_position", default: 0] += 1
            truth.rebuildFixChangedLines += 1
        case 3 where screen == ShopApp.Screen.discover.rawValue:
            event["$screen_name"] = .string("ArticleViewController")
            event.inject("wrong_screen_name", rules: [])
            truth.mismatches["screen_name", default: 0] += 1
            truth.rebuildFixChangedLines += 1
        case 4:
            event["$element_path"] = nil
            event.inject("missing_element_path", rules: [])
            truth.missingFields["element_path", default: 0] += 1
            truth.rebuildChangedLines += 1
            truth.rebuildFixChangedLines += 1
        default:
            break
        }
        event["$responder_chain"] = .strings(chain)
        return event
    }

    // MARK: - Line-level faults

    /// Extra lines and per-line faults that no analysis but validate cares about.
    private mutating func injectLineFaults() {
        guard rate > 0, !drafts.isEmpty else { return }
        for _ in 0..<2 where rng.chance(rate * 2) {
            let index = rng.int(0...(drafts.count - 1))
            let bytes = drafts[index].serialized()
            let cut =
                rng.chance(0.8)
                ? Array(bytes[0..<rng.int(10...(bytes.count - 10))]) : Array("<html>502 Bad Gateway</html>".utf8)
            malformed.append((cut, index, ["json.malformed"], ["malformed_line"]))
        }
        let extras: [(fault: String, rule: String, make: (inout EventDraft) -> Void)] = [
            (
                "bad_event_name", "envelope.event_name",
                {
                    [
                        name = rng.pick([
                            "Add To Cart", "1stPurchase", "user_id",
                            String(repeating: "a", count: SDKLimits.nameMaxLength + 1),
                        ])
                    ] in
                    $0.event = name
                }
            ),
            ("missing_distinct_id", "envelope.distinct_id", { $0.distinctId = nil }),
            ("bad_type", "envelope.type", { $0.type = "trak" }),
            ("time_in_seconds", "time.seconds", { $0.writtenTime = $0.time / 1000 }),
        ]
        for extra in extras where rng.chance(rate / 2) {
            var line = draft("ProductView", method: "code", advance: 5)
            line["product_id"] = .string(productId(rng.int(0...50)))
            extra.make(&line)
            line.inject(extra.fault, rules: [extra.rule])
            append(line)
        }
        let perLine: [(fault: String, rule: String, make: (inout EventDraft) -> Void)] = [
            ("bad_property_name", "property.name", { $0["key word"] = .string("socks") }),
            ("object_property", "property.type", { $0["extra_info"] = .raw("{\"k\":1}") }),
            ("time_after_flush", "time.after_flush", { $0.flushTime = $0.time - 30_000 }),
        ]
        for fault in perLine where rng.chance(rate) {
            let index = rng.int(0...(drafts.count - 1))
            fault.make(&drafts[index])
            drafts[index].inject(fault.fault, rules: [fault.rule])
        }
    }

    // MARK: - Events

    private mutating func draft(_ name: String, method: String = "autoTrack", advance: Int64 = 1) -> EventDraft {
        t += max(advance, 1)
        var event = EventDraft(
            event: name, time: t, distinctId: distinctId, person: user.id, anonymousId: user.anonymousId,
            trackId: UInt32(truncatingIfNeeded: rng.next()), flushTime: t,
            appVersion: user.appVersion)
        // The SDK flushes in batches (every 15 s here), so events of a batch arrive in order.
        event.flushTime = (t - flushPhase) / 15_000 * 15_000 + 15_000 + flushPhase
        if rng.chance(options.lateShare) { event.flushTime = t + Int64(rng.int(300_000...10_800_000)) }
        event.arrival = event.flushTime
        event.libMethod = method
        event.properties = [
            ("$lib", .string("iOS")), ("$lib_version", .string("4.9.1")), ("$app_version", .string(user.appVersion)),
            ("$os", .string("iOS")), ("$os_version", .string(user.osVersion)), ("$model", .string(user.model)),
            ("$manufacturer", .string("Apple")), ("$network_type", .string(user.networkType)),
            ("$wifi", .bool(user.networkType == "WIFI")), ("$device_id", .string(user.anonymousId)),
            ("$is_first_day", .bool(sessionIndex == 0)), ("$lib_method", .string(method)),
        ]
        // What the SDKs write once a user is logged in (stitching reads it as a login id).
        if options.journeys && distinctId == user.id && user.id.hasPrefix("u") {
            event.properties.append(("$is_login_id", .bool(true)))
        }
        return event
    }

    private mutating func append(_ event: EventDraft) {
        drafts.append(event)
    }

    /// The product whose detail screen is shown.
    private var currentProduct: String { lastProduct }

    private func itemId(row: Int) -> String {
        switch shown.screen {
        case .discover: "A\(100 + row)"
        case .productList: productId(20 + row)
        default: productId(row)
        }
    }

    private func productId(_ n: Int) -> String { "P\(1000 + n * 37 % 997)" }

    private func productName(_ id: String) -> String {
        ShopApp.productNames[abs(id.hashValueStable) % ShopApp.productNames.count]
    }

    private func price(_ id: String) -> Double {
        Double(abs(id.hashValueStable) % 50_000) / 100 + 9.9
    }
}
