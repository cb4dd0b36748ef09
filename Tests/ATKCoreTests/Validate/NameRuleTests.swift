import Testing

@testable import ATKCore

@Suite("The Sensors name rule")
struct NameRuleTests {
    @Test("letters, digits, _ and $, starting with a letter, _ or $")
    func characters() {
        #expect(NameRule.check("ProductView") == nil)
        #expect(NameRule.check("$AppClick") == nil)
        #expect(NameRule.check("_private_1") == nil)
        #expect(NameRule.check("1stPurchase") == .badFirstCharacter)
        #expect(NameRule.check("Add To Cart") == .badCharacter)
        #expect(NameRule.check("加入购物车") == .badFirstCharacter)
        #expect(NameRule.check("a-b") == .badCharacter)
        #expect(NameRule.check("") == .empty)
    }

    @Test("at most 100 characters: 100 passes, 101 does not")
    func length() {
        #expect(NameRule.check(String(repeating: "a", count: 100)) == nil)
        #expect(NameRule.check(String(repeating: "a", count: 101)) == .tooLong(101))
    }

    @Test("reserved words, case-insensitive, and the user_group/user_tag prefixes")
    func reserved() {
        for word in [
            "distinct_id", "original_id", "time", "properties", "id", "first_id", "second_id", "users",
            "events", "event", "event_id", "device_id", "user_id", "date", "datetime",
        ] {
            #expect(NameRule.check(word) == .reserved, "\(word)")
        }
        #expect(NameRule.check("USER_ID") == .reserved)
        #expect(NameRule.check("Time") == .reserved)
        #expect(NameRule.check("user_group_vip") == .reserved)
        #expect(NameRule.check("user_tag1") == .reserved)
        #expect(NameRule.check("times") == nil)
        #expect(NameRule.check("$time_x") == nil)
        #expect(NameRule.check("my_user_id") == nil)
    }
}
