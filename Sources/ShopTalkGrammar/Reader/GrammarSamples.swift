import ShopTalkLearning

/// Sentences a grammar's own templates make, with their slots marked: more
/// examples for the reader, in every phrasing the grammar's authors wrote
/// (each verb, its inflections, each word order), the slots filled with the
/// names the examples use. The written examples say how families talk; these
/// make sure no phrasing the grammar knows is one the model never saw.
extension Grammar {
    /// What fills a slot in a sampled sentence.
    struct SampleNames {
        let lists: NamePool
        let things: NamePool
        let members: NamePool
        let shops: NamePool
    }

    /// Up to `perTemplate` sentences from each template of each intent: the
    /// same source and seed give the same samples. Each template draws from
    /// a generator of its own, seeded by what it says, so a template added
    /// or changed changes its own samples and no other's.
    static func samples(source: String, names: SampleNames, perTemplate: Int, seed: UInt64) -> [LabeledExample] {
        guard let definition = try? GrammarFileReader.read(source, file: "") else { return [] }
        var sampler = TemplateSampler(definition: definition, names: names)
        var samples: [LabeledExample] = []
        for intent in definition.intents {
            for sentence in intent.sentences {
                var fingerprint = FeatureHash(UInt8(ascii: "T"))
                fingerprint.add(intent.name)
                sentence.template.fingerprint(into: &fingerprint)
                var random = SeededRandom(seed: seed ^ fingerprint.value)
                for _ in 0..<perTemplate {
                    guard let (text, spans) = sampler.sample(sentence.template, random: &random), !text.isEmpty else { continue }
                    samples.append(LabeledExample(intent: intent.name, text: text, spans: spans, origin: "grammar"))
                }
            }
        }
        return samples
    }
}

extension Template {
    /// Adds what the template says, part by part, to `hash`: the same on
    /// every run and machine, where `hashValue` is not.
    func fingerprint(into hash: inout FeatureHash) {
        switch self {
        case .text(let text):
            hash.mix(UInt8(ascii: "t"))
            hash.add(text)
        case .sequence(let parts):
            hash.mix(UInt8(ascii: "("))
            for part in parts { part.fingerprint(into: &hash) }
            hash.mix(UInt8(ascii: ")"))
        case .choice(let branches):
            hash.mix(UInt8(ascii: "|"))
            for branch in branches { branch.fingerprint(into: &hash) }
            hash.mix(UInt8(ascii: ")"))
        case .optional(let inner):
            hash.mix(UInt8(ascii: "["))
            inner.fingerprint(into: &hash)
            hash.mix(UInt8(ascii: "]"))
        case .slot(let name, _):
            hash.mix(UInt8(ascii: "{"))
            hash.add(name)
        case .rule(let name, _):
            hash.mix(UInt8(ascii: "<"))
            hash.add(name)
        }
    }
}

/// Writes one random sentence of a template, marking where its slots' words went.
private struct TemplateSampler {
    let definition: GrammarDefinition
    let names: Grammar.SampleNames
    private var bytes: [UInt8] = []
    private var spans: [LabeledExample.Span] = []
    /// Deep rules of rules are cut short rather than followed for ever.
    private var depth = 0

    init(definition: GrammarDefinition, names: Grammar.SampleNames) {
        self.definition = definition
        self.names = names
    }

    mutating func sample(_ template: Template, random: inout SeededRandom) -> (String, [LabeledExample.Span])? {
        bytes = []
        spans = []
        depth = 0
        guard walk(template, random: &random) else { return nil }
        return (String(decoding: bytes, as: UTF8.self), spans)
    }

    private mutating func walk(_ template: Template, random: inout SeededRandom) -> Bool {
        switch template {
        case .text(let text):
            append(text)
        case .sequence(let parts):
            for part in parts { guard walk(part, random: &random) else { return false } }
        case .choice(let branches):
            guard !branches.isEmpty else { return true }
            return walk(branches[random.below(branches.count)], random: &random)
        case .optional(let inner):
            if random.chance(0.5) { return walk(inner, random: &random) }
        case .rule(let name, _):
            guard depth < 8, let rule = definition.rules[name] else { return false }
            depth += 1
            defer { depth -= 1 }
            return walk(rule.value, random: &random)
        case .slot(let name, _):
            return fill(name, random: &random)
        }
        return true
    }

    /// Words joined by a space, but ideographs written against each other, as Chinese is typed.
    private mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        if let last = bytes.last, last != UInt8(ascii: " "),
           !(Self.isIdeograph(String(decoding: bytes.suffix(4), as: UTF8.self).unicodeScalars.last) && Self.isIdeograph(text.unicodeScalars.first)) {
            bytes.append(UInt8(ascii: " "))
        }
        bytes += Array(text.utf8)
    }

    private static func isIdeograph(_ scalar: Unicode.Scalar?) -> Bool {
        scalar.map { $0.properties.isIdeographic } ?? false
    }

    private mutating func mark(_ text: String, as slot: String, value: String? = nil) {
        append(text)
        let end = bytes.count
        spans.append(LabeledExample.Span(slot: slot, start: end - text.utf8.count, end: end, value: value))
    }

    private mutating func fill(_ slot: String, random: inout SeededRandom) -> Bool {
        switch slot {
        case "items":
            guard let first = names.things.draw(&random) else { return false }
            mark(first, as: "item")
            if random.chance(0.3), let second = names.things.draw(&random), let separator = definition.itemSeparators.first {
                guard walk(separator.value, random: &random) else { return false }
                mark(second, as: "item")
            }
        case "item":
            guard let thing = names.things.draw(&random) else { return false }
            mark(thing, as: "item")
        case "list", "to_list":
            guard let list = names.lists.draw(&random) else { return false }
            mark(list, as: slot)
        case "users", "user":
            guard let member = names.members.draw(&random) else { return false }
            mark(member, as: "user")
        case "new_name":
            guard let name = (random.chance(0.5) ? names.lists : names.things).draw(&random) else { return false }
            mark(name, as: "new_name")
        case "text":
            guard let shop = names.shops.draw(&random) else { return false }
            mark(shop, as: "text")
        case "quantity":
            mark(String(1 + random.below(12)), as: "quantity")
        case "code":
            mark(String((0..<8).map { _ in Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")[random.below(31)] }), as: "code")
        case "channel":
            mark("#" + ["family", "home", "kitchen", "house"][random.below(4)], as: "channel")
        default:
            // A value list: one of its phrasings, marked with its value where the reader has the slot.
            guard let list = definition.values[slot], !list.entries.isEmpty else { return false }
            let entry = list.entries[random.below(list.entries.count)]
            let start = bytes.count
            guard walk(entry.phrasing, random: &random) else { return false }
            let from = bytes.count > start && bytes[start] == UInt8(ascii: " ") ? start + 1 : start
            if slot == "unit", let last = spans.last, last.slot == "quantity", last.end == start {
                // "2 kg": the amount and its unit are one slot to the reader.
                spans[spans.count - 1] = LabeledExample.Span(slot: "quantity", start: last.start, end: bytes.count, value: nil)
            } else if LabeledExample.slots.contains(slot), bytes.count > from {
                spans.append(LabeledExample.Span(slot: slot, start: from, end: bytes.count, value: entry.value))
            } else if slot == "who", bytes.count > from {
                spans.append(LabeledExample.Span(slot: "user", start: from, end: bytes.count, value: "me"))
            }
        }
        return true
    }
}
