/// A Unicode property of a `\p{...}` escape, tested with the standard library's Unicode data.
///
/// ECMA-262 names a General_Category value (`\p{Letter}`, `\p{Lu}`, `\p{gc=Nd}`,
/// `\p{General_Category=Decimal_Number}`) or a binary property (`\p{Alphabetic}`, `\p{White_Space}`).
/// Script and Script_Extensions are not available from the standard library and are refused, as
/// are the binary properties it does not expose (Emoji_Component, Extended_Pictographic).
enum UnicodeProperty: Sendable, Hashable {
    /// Any of the General_Category values whose bits (see `categoryBit`) are set.
    case generalCategory(UInt32)
    /// A binary property.
    case binary(BinaryProperty)
    /// `Any`: every code point.
    case any
    /// `ASCII`: U+0000 to U+007F.
    case ascii
    /// `Assigned`: every code point whose General_Category is not Unassigned.
    case assigned

    /// The binary properties of ECMA-262's table that the standard library exposes.
    enum BinaryProperty: UInt8, Sendable, CaseIterable {
        case asciiHexDigit, alphabetic, bidiControl, bidiMirrored, caseIgnorable, cased
        case changesWhenCasefolded, changesWhenCasemapped, changesWhenLowercased
        case changesWhenNFKCCasefolded, changesWhenTitlecased, changesWhenUppercased
        case dash, defaultIgnorableCodePoint, deprecated, diacritic, emoji, emojiModifier
        case emojiModifierBase, emojiPresentation, extender, graphemeBase, graphemeExtend, hexDigit
        case idsBinaryOperator, idsTrinaryOperator, idContinue, idStart, ideographic, joinControl
        case logicalOrderException, lowercase, math, noncharacterCodePoint, patternSyntax
        case patternWhiteSpace, quotationMark, radical, regionalIndicator, sentenceTerminal
        case softDotted, terminalPunctuation, unifiedIdeograph, uppercase, variationSelector
        case whiteSpace, xidContinue, xidStart

        /// Whether `scalar` has the property.
        func test(_ scalar: Unicode.Scalar) -> Bool {
            let p = scalar.properties
            switch self {
            case .asciiHexDigit: return p.isASCIIHexDigit
            case .alphabetic: return p.isAlphabetic
            case .bidiControl: return p.isBidiControl
            case .bidiMirrored: return p.isBidiMirrored
            case .caseIgnorable: return p.isCaseIgnorable
            case .cased: return p.isCased
            case .changesWhenCasefolded: return p.changesWhenCaseFolded
            case .changesWhenCasemapped: return p.changesWhenCaseMapped
            case .changesWhenLowercased: return p.changesWhenLowercased
            case .changesWhenNFKCCasefolded: return p.changesWhenNFKCCaseFolded
            case .changesWhenTitlecased: return p.changesWhenTitlecased
            case .changesWhenUppercased: return p.changesWhenUppercased
            case .dash: return p.isDash
            case .defaultIgnorableCodePoint: return p.isDefaultIgnorableCodePoint
            case .deprecated: return p.isDeprecated
            case .diacritic: return p.isDiacritic
            case .emoji: return p.isEmoji
            case .emojiModifier: return p.isEmojiModifier
            case .emojiModifierBase: return p.isEmojiModifierBase
            case .emojiPresentation: return p.isEmojiPresentation
            case .extender: return p.isExtender
            case .graphemeBase: return p.isGraphemeBase
            case .graphemeExtend: return p.isGraphemeExtend
            case .hexDigit: return p.isHexDigit
            case .idsBinaryOperator: return p.isIDSBinaryOperator
            case .idsTrinaryOperator: return p.isIDSTrinaryOperator
            case .idContinue: return p.isIDContinue
            case .idStart: return p.isIDStart
            case .ideographic: return p.isIdeographic
            case .joinControl: return p.isJoinControl
            case .logicalOrderException: return p.isLogicalOrderException
            case .lowercase: return p.isLowercase
            case .math: return p.isMath
            case .noncharacterCodePoint: return p.isNoncharacterCodePoint
            case .patternSyntax: return p.isPatternSyntax
            case .patternWhiteSpace: return p.isPatternWhitespace
            case .quotationMark: return p.isQuotationMark
            case .radical: return p.isRadical
            // Not in the standard library's table; its 26 code points are fixed by Unicode.
            case .regionalIndicator: return (0x1F1E6...0x1F1FF).contains(scalar.value)
            case .sentenceTerminal: return p.isSentenceTerminal
            case .softDotted: return p.isSoftDotted
            case .terminalPunctuation: return p.isTerminalPunctuation
            case .unifiedIdeograph: return p.isUnifiedIdeograph
            case .uppercase: return p.isUppercase
            case .variationSelector: return p.isVariationSelector
            case .whiteSpace: return p.isWhitespace
            case .xidContinue: return p.isXIDContinue
            case .xidStart: return p.isXIDStart
            }
        }
    }

    /// Whether the code point `value` has the property (`false` for surrogates, which UTF-8 text never holds).
    func test(_ value: UInt32) -> Bool {
        switch self {
        case .any: return true
        case .ascii: return value < 0x80
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch self {
        case .generalCategory(let mask):
            return mask & UnicodeProperty.categoryBit(scalar.properties.generalCategory) != 0
        case .binary(let property):
            return property.test(scalar)
        case .assigned:
            return scalar.properties.generalCategory != .unassigned
        case .any, .ascii:
            return true
        }
    }

    /// Resolves `text`, the name between the braces of the `\p{…}` at offset `offset` of the pattern.
    static func named(_ text: String, at offset: Int) throws(RegexError) -> UnicodeProperty {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2 {
            switch parts[0] {
            case "General_Category", "gc":
                guard let mask = categoryMasks[parts[1]] else {
                    throw RegexError(.syntax("unknown General_Category '\(parts[1])'"), at: offset)
                }
                return .generalCategory(mask)
            case "Script", "sc", "Script_Extensions", "scx":
                throw RegexError(.unsupported("the Unicode script property '\\p{\(text)}'"), at: offset)
            default:
                throw RegexError(.syntax("unknown Unicode property '\(parts[0])'"), at: offset)
            }
        }
        if let mask = categoryMasks[text] { return .generalCategory(mask) }
        switch text {
        case "Any": return .any
        case "ASCII": return .ascii
        case "Assigned": return .assigned
        case "Emoji_Component", "EComp", "Extended_Pictographic", "ExtPict":
            throw RegexError(.unsupported("the Unicode property '\\p{\(text)}'"), at: offset)
        default: break
        }
        guard let property = binaryNames[text] else {
            throw RegexError(.syntax("unknown Unicode property '\(text)'"), at: offset)
        }
        return .binary(property)
    }

    /// The bit of General_Category `category` in a `generalCategory` mask.
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        let index: UInt32 =
            switch category {
            case .uppercaseLetter: 0
            case .lowercaseLetter: 1
            case .titlecaseLetter: 2
            case .modifierLetter: 3
            case .otherLetter: 4
            case .nonspacingMark: 5
            case .spacingMark: 6
            case .enclosingMark: 7
            case .decimalNumber: 8
            case .letterNumber: 9
            case .otherNumber: 10
            case .connectorPunctuation: 11
            case .dashPunctuation: 12
            case .openPunctuation: 13
            case .closePunctuation: 14
            case .initialPunctuation: 15
            case .finalPunctuation: 16
            case .otherPunctuation: 17
            case .mathSymbol: 18
            case .currencySymbol: 19
            case .modifierSymbol: 20
            case .otherSymbol: 21
            case .spaceSeparator: 22
            case .lineSeparator: 23
            case .paragraphSeparator: 24
            case .control: 25
            case .format: 26
            case .surrogate: 27
            case .privateUse: 28
            case .unassigned: 29
            @unknown default: 29
            }
        return 1 << index
    }

    /// General_Category values and their aliases (Unicode's PropertyValueAliases.txt), as masks.
    private static let categoryMasks: [String: UInt32] = {
        func bits(_ categories: Unicode.GeneralCategory...) -> UInt32 {
            categories.reduce(0) { $0 | categoryBit($1) }
        }
        let table: [([String], UInt32)] = [
            (
                ["L", "Letter"],
                bits(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter)
            ),
            (["LC", "Cased_Letter"], bits(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter)),
            (["Lu", "Uppercase_Letter"], bits(.uppercaseLetter)),
            (["Ll", "Lowercase_Letter"], bits(.lowercaseLetter)),
            (["Lt", "Titlecase_Letter"], bits(.titlecaseLetter)),
            (["Lm", "Modifier_Letter"], bits(.modifierLetter)),
            (["Lo", "Other_Letter"], bits(.otherLetter)),
            (["M", "Mark", "Combining_Mark"], bits(.nonspacingMark, .spacingMark, .enclosingMark)),
            (["Mn", "Nonspacing_Mark"], bits(.nonspacingMark)),
            (["Mc", "Spacing_Mark"], bits(.spacingMark)),
            (["Me", "Enclosing_Mark"], bits(.enclosingMark)),
            (["N", "Number"], bits(.decimalNumber, .letterNumber, .otherNumber)),
            (["Nd", "Decimal_Number", "digit"], bits(.decimalNumber)),
            (["Nl", "Letter_Number"], bits(.letterNumber)),
            (["No", "Other_Number"], bits(.otherNumber)),
            (
                ["P", "Punctuation", "punct"],
                bits(
                    .connectorPunctuation, .dashPunctuation, .openPunctuation,
                    .closePunctuation, .initialPunctuation, .finalPunctuation,
                    .otherPunctuation)
            ),
            (["Pc", "Connector_Punctuation"], bits(.connectorPunctuation)),
            (["Pd", "Dash_Punctuation"], bits(.dashPunctuation)),
            (["Ps", "Open_Punctuation"], bits(.openPunctuation)),
            (["Pe", "Close_Punctuation"], bits(.closePunctuation)),
            (["Pi", "Initial_Punctuation"], bits(.initialPunctuation)),
            (["Pf", "Final_Punctuation"], bits(.finalPunctuation)),
            (["Po", "Other_Punctuation"], bits(.otherPunctuation)),
            (["S", "Symbol"], bits(.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol)),
            (["Sm", "Math_Symbol"], bits(.mathSymbol)),
            (["Sc", "Currency_Symbol"], bits(.currencySymbol)),
            (["Sk", "Modifier_Symbol"], bits(.modifierSymbol)),
            (["So", "Other_Symbol"], bits(.otherSymbol)),
            (["Z", "Separator"], bits(.spaceSeparator, .lineSeparator, .paragraphSeparator)),
            (["Zs", "Space_Separator"], bits(.spaceSeparator)),
            (["Zl", "Line_Separator"], bits(.lineSeparator)),
            (["Zp", "Paragraph_Separator"], bits(.paragraphSeparator)),
            (["C", "Other"], bits(.control, .format, .surrogate, .privateUse, .unassigned)),
            (["Cc", "Control", "cntrl"], bits(.control)),
            (["Cf", "Format"], bits(.format)),
            (["Cs", "Surrogate"], bits(.surrogate)),
            (["Co", "Private_Use"], bits(.privateUse)),
            (["Cn", "Unassigned"], bits(.unassigned)),
        ]
        var masks: [String: UInt32] = [:]
        for (names, mask) in table {
            for name in names { masks[name] = mask }
        }
        return masks
    }()

    /// Binary property names and their aliases (Unicode's PropertyAliases.txt).
    private static let binaryNames: [String: BinaryProperty] = {
        let table: [([String], BinaryProperty)] = [
            (["ASCII_Hex_Digit", "AHex"], .asciiHexDigit), (["Alphabetic", "Alpha"], .alphabetic),
            (["Bidi_Control", "Bidi_C"], .bidiControl), (["Bidi_Mirrored", "Bidi_M"], .bidiMirrored),
            (["Case_Ignorable", "CI"], .caseIgnorable), (["Cased"], .cased),
            (["Changes_When_Casefolded", "CWCF"], .changesWhenCasefolded),
            (["Changes_When_Casemapped", "CWCM"], .changesWhenCasemapped),
            (["Changes_When_Lowercased", "CWL"], .changesWhenLowercased),
            (["Changes_When_NFKC_Casefolded", "CWKCF"], .changesWhenNFKCCasefolded),
            (["Changes_When_Titlecased", "CWT"], .changesWhenTitlecased),
            (["Changes_When_Uppercased", "CWU"], .changesWhenUppercased),
            (["Dash"], .dash), (["Default_Ignorable_Code_Point", "DI"], .defaultIgnorableCodePoint),
            (["Deprecated", "Dep"], .deprecated), (["Diacritic", "Dia"], .diacritic), (["Emoji"], .emoji),
            (["Emoji_Modifier", "EMod"], .emojiModifier), (["Emoji_Modifier_Base", "EBase"], .emojiModifierBase),
            (["Emoji_Presentation", "EPres"], .emojiPresentation), (["Extender", "Ext"], .extender),
            (["Grapheme_Base", "Gr_Base"], .graphemeBase), (["Grapheme_Extend", "Gr_Ext"], .graphemeExtend),
            (["Hex_Digit", "Hex"], .hexDigit), (["IDS_Binary_Operator", "IDSB"], .idsBinaryOperator),
            (["IDS_Trinary_Operator", "IDST"], .idsTrinaryOperator), (["ID_Continue", "IDC"], .idContinue),
            (["ID_Start", "IDS"], .idStart), (["Ideographic", "Ideo"], .ideographic),
            (["Join_Control", "Join_C"], .joinControl), (["Logical_Order_Exception", "LOE"], .logicalOrderException),
            (["Lowercase", "Lower"], .lowercase), (["Math"], .math),
            (["Noncharacter_Code_Point", "NChar"], .noncharacterCodePoint),
            (["Pattern_Syntax", "Pat_Syn"], .patternSyntax),
            (["Pattern_White_Space", "Pat_WS"], .patternWhiteSpace), (["Quotation_Mark", "QMark"], .quotationMark),
            (["Radical"], .radical), (["Regional_Indicator", "RI"], .regionalIndicator),
            (["Sentence_Terminal", "STerm"], .sentenceTerminal), (["Soft_Dotted", "SD"], .softDotted),
            (["Terminal_Punctuation", "Term"], .terminalPunctuation),
            (["Unified_Ideograph", "UIdeo"], .unifiedIdeograph),
            (["Uppercase", "Upper"], .uppercase), (["Variation_Selector", "VS"], .variationSelector),
            (["White_Space", "space"], .whiteSpace), (["XID_Continue", "XIDC"], .xidContinue),
            (["XID_Start", "XIDS"], .xidStart),
        ]
        var names: [String: BinaryProperty] = [:]
        for (aliases, property) in table {
            for alias in aliases { names[alias] = property }
        }
        return names
    }()
}
