import Foundation

/// A unit of measure for an item's quantity: "kg", "litre", "loaf".
///
/// Units are known by the names the grammars give them (the values of
/// `values unit`), the same in every language, so the rules below hold for
/// all of them.
///
/// A container may carry the size of each one after a slash: "pack/6" is a
/// pack of six, "case/24" a case of 24, "piece/500ml" one of 500 ml ("2 x
/// 500ml cream"). The count, the size and the item stay three things: the
/// item keeps its own name ("sausages", not "10 pack of sausages").
public struct ItemUnit: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 24
    public let value: String

    public init(_ raw: String) throws(DomainError) {
        let value = TextRules.collapsingWhitespace(raw)
        guard (1...Self.maximumLength).contains(value.count), TextRules.isPrintable(value) else {
            throw .invalidUnit(raw)
        }
        self.value = value
    }

    /// A unit read back from storage, which was checked when it was written.
    public init(stored value: String) {
        self.value = value
    }

    public var description: String { value }

    /// A container with the size of each one: "pack" and "6" make "pack/6".
    public init(container: String, size: String) throws(DomainError) {
        try self.init("\(container)/\(size)")
    }

    /// "pack" of "pack/6"; the whole unit when it has no size.
    public var container: String {
        guard let slash = value.firstIndex(of: "/") else { return value }
        return String(value[..<slash])
    }

    /// "6" of "pack/6", "500ml" of "piece/500ml"; nil when none is said.
    public var size: String? {
        guard let slash = value.firstIndex(of: "/") else { return nil }
        let size = value[value.index(after: slash)...]
        return size.isEmpty ? nil : String(size)
    }

    /// Units that convert exactly into each other: each with its size in the
    /// smallest unit of its family.
    enum Family: Hashable {
        case metricMass, imperialMass, metricVolume, imperialVolume
    }

    /// Local weights are exact in grams: the Chinese 斤 (500 g) and 两
    /// (50 g), the Vietnamese lạng (100 g), the German Pfund (500 g), the
    /// Austrian Deka (10 g). They are kept as typed, and meet grams and
    /// kilograms exactly when amounts are added up; so do the decilitre of
    /// Swiss kitchens ("5 dl Rahm") and the centilitre of a French bottle ("75 cl").
    static let sizes: [String: (family: Family, size: Int)] = [
        "g": (.metricMass, 1), "kg": (.metricMass, 1_000),
        "jin": (.metricMass, 500), "liang": (.metricMass, 50), "lang": (.metricMass, 100),
        "pfund": (.metricMass, 500), "dag": (.metricMass, 10),
        "oz": (.imperialMass, 1), "lb": (.imperialMass, 16),
        "ml": (.metricVolume, 1), "cl": (.metricVolume, 10), "dl": (.metricVolume, 100), "litre": (.metricVolume, 1_000),
        "pint": (.imperialVolume, 1), "gallon": (.imperialVolume, 8),
    ]

    /// The units a sum of two amounts is written in: the international
    /// ones. A local weight stays only where both amounts were in it.
    static let sumUnits: Set<String> = ["g", "kg", "oz", "lb", "ml", "litre", "pint", "gallon"]

    /// Containers and pieces, which count the item itself: "bread" and
    /// "2 loaves of bread" are 3 loaves.
    static let countLike: Set<String> = [
        "loaf", "bottle", "can", "jar", "pack", "case", "bag", "box", "carton", "bunch", "head", "roll", "bar", "tub", "slice", "piece", "tray",
    ]

    /// Grams in an ounce, exactly (the international avoirdupois ounce),
    /// as a fraction: how the two families of mass convert.
    static let gramsPerOunce = (numerator: Int128(28_349_523_125), denominator: Int128(1_000_000_000))

    var family: Family? { Self.sizes[value]?.family }
    var isCountLike: Bool { Self.countLike.contains(container) }

    /// "make that 3" said of 750 g: a bare number is in the item's own unit
    /// when that reads as a like amount; when it is more than ten times
    /// smaller or larger (3 g, 500 kg) and another unit of the family
    /// makes it a like amount (3 kg, 500 g), that unit, for the speaker to
    /// confirm. Nil: the item's unit reads naturally, or has no family.
    public static func likelier(for bare: Quantity, replacing amount: Amount) -> ItemUnit? {
        guard let unit = amount.unit, let (family, size) = sizes[unit.value] else { return nil }
        let old = Double(amount.quantity.thousandths) * Double(size)
        func distance(_ size: Int) -> Double { abs(log10(Double(bare.thousandths) * Double(size) / old)) }
        guard distance(size) > 1 else { return nil }
        let closest = sizes.filter { $0.value.family == family && sumUnits.contains($0.key) }.min { distance($0.value.size) < distance($1.value.size) }
        guard let closest, closest.key != unit.value, distance(closest.value.size) <= 1 else { return nil }
        return ItemUnit(stored: closest.key)
    }
}

/// An amount of an item: how much, and in what.
public struct Amount: Hashable, Sendable {
    public let quantity: Quantity
    public let unit: ItemUnit?

    public init(_ quantity: Quantity, _ unit: ItemUnit?) {
        self.quantity = quantity
        self.unit = unit
    }

    /// What two amounts of one item make together (or, `subtracting`, the
    /// first less the second), in the unit that reads best; nil when they do
    /// not mix (kilograms and litres, bottles and cans). The result may be
    /// out of range (nothing left, past the most): its thousandths say.
    ///
    /// - Same unit, or none: added as they are.
    /// - A count with no unit and a container or piece ("bread", "2 loaves
    ///   of bread"): counted in the container.
    /// - Units of one family (g and kg, ml and litres, oz and lb, pints and
    ///   gallons): exactly, then shown in the largest unit of the family that
    ///   holds at least 1 and needs no more than three decimals: 500 g and
    ///   1.5 kg make 2 kg; 1,300 g is 1.3 kg; 750 g stays 750 g.
    /// - Metric and imperial mass: converted into the family of the amount
    ///   already there and rounded to three significant figures, since an
    ///   ounce is no whole number of grams. Volume does not cross (pints
    ///   differ between countries).
    public func combined(with other: Amount, subtracting: Bool = false) -> (thousandths: Int, unit: ItemUnit?)? {
        let sign = subtracting ? -1 : 1
        switch (unit, other.unit) {
        case (nil, nil):
            return (quantity.thousandths + sign * other.quantity.thousandths, nil)
        case (let mine?, nil) where mine.isCountLike, (nil, let mine?) where mine.isCountLike:
            return (quantity.thousandths + sign * other.quantity.thousandths, mine)
        case (let mine?, let theirs?) where mine == theirs:
            return (quantity.thousandths + sign * other.quantity.thousandths, mine)
        case (let mine?, let theirs?):
            guard let (family, ownSize) = ItemUnit.sizes[mine.value], let (otherFamily, otherSize) = ItemUnit.sizes[theirs.value] else {
                return nil
            }
            if family == otherFamily {
                let inSmallest = quantity.thousandths * ownSize + sign * other.quantity.thousandths * otherSize
                return Self.bestUnit(for: inSmallest, in: family, exact: true)
            }
            guard let converted = Self.convertMass(other.quantity.thousandths * otherSize, from: otherFamily, to: family) else { return nil }
            return Self.bestUnit(for: quantity.thousandths * ownSize + sign * converted, in: family, exact: false)
        default:
            return nil
        }
    }

    /// Thousandths of the smallest unit of `family`, in its largest unit
    /// that holds at least 1 of them exactly to three decimals; when the
    /// amount came from a conversion (`exact` false), first rounded to three
    /// significant figures.
    static func bestUnit(for smallest: Int, in family: ItemUnit.Family, exact: Bool) -> (thousandths: Int, unit: ItemUnit?) {
        let amount = exact ? smallest : roundedToSignificantFigures(smallest, 3)
        let units = ItemUnit.sizes.filter { $0.value.family == family && ItemUnit.sumUnits.contains($0.key) }.sorted { $0.value.size > $1.value.size }
        for (name, (_, size)) in units where abs(amount) >= size * Quantity.scale && amount % size == 0 {
            return (amount / size, ItemUnit(stored: name))
        }
        let smallestName = units.last!.key
        return (amount, ItemUnit(stored: smallestName))
    }

    /// Thousandths of the smallest unit of one mass family in the other's:
    /// ounces to grams, or grams to ounces, to the nearest thousandth.
    private static func convertMass(_ thousandths: Int, from: ItemUnit.Family, to: ItemUnit.Family) -> Int? {
        let (grams, perOunce) = (Int128(thousandths), ItemUnit.gramsPerOunce)
        switch (from, to) {
        case (.imperialMass, .metricMass):
            return Int(exactly: (grams * perOunce.numerator + perOunce.denominator / 2) / perOunce.denominator)
        case (.metricMass, .imperialMass):
            return Int(exactly: (grams * perOunce.denominator + perOunce.numerator / 2) / perOunce.numerator)
        default:
            return nil
        }
    }

    /// 953,592 → 954,000 (three figures); small amounts are left alone.
    static func roundedToSignificantFigures(_ value: Int, _ figures: Int) -> Int {
        var magnitude = 1
        while abs(value) / magnitude >= Int(pow10(figures)) { magnitude *= 10 }
        guard magnitude > 1 else { return value }
        let half = magnitude / 2
        return (value >= 0 ? value + half : value - half) / magnitude * magnitude
    }

    private static func pow10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
