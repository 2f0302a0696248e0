/// The inner loop of training both perceptrons: the sum of the rows of
/// weights an example's features have, one score per label.
enum DenseRows {
    /// Adds each row of `rows` (offsets into `weights`, `width` wide) into
    /// `scores`. Pointer arithmetic with no overflow check, so the compiler
    /// adds a row as a vector: with `Int` indices checked for overflow the
    /// loop went one float at a time, and its speed hung on where the
    /// linker happened to place it. Each label's sum still takes the rows
    /// in the same order, so the weights learnt are the same, bit for bit.
    @inline(__always)
    static func add<Rows: Sequence<Int32>>(_ rows: Rows, of weights: UnsafeBufferPointer<Float>, width: Int, into scores: UnsafeMutableBufferPointer<Float>) {
        guard let weights = weights.baseAddress, let scores = scores.baseAddress else { return }
        for row in rows {
            let start = weights.advanced(by: Int(row))
            for label in 0..<width { scores[label] += start[label] }
        }
    }
}
