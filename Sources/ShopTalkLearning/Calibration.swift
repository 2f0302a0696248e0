import Foundation

/// Scores into probabilities: a softmax of the scores divided by a
/// temperature, the one temperature that makes the probabilities fit the
/// held-apart examples best (Guo et al. 2017, "temperature scaling"). A
/// perceptron's scores rank well but are not probabilities; scaled so, "act
/// above 0.9" means what it says on examples the model never trained on.
public enum Calibration {
    /// Softmax of `scores / temperature`.
    public static func probabilities(_ scores: [Float], temperature: Float) -> [Float] {
        guard let top = scores.max() else { return [] }
        let scale = 1 / max(temperature, 1e-3)
        let exps = scores.map { exp(($0 - top) * scale) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }

    /// The temperature (of a fixed grid, so the same data gives the same
    /// one) with the least negative log-likelihood of the right labels.
    public static func temperature(scores: [[Float]], labels: [Int]) -> Float {
        temperature(labels: labels) { temperature in scores.map { probabilities($0, temperature: temperature) } }
    }

    /// The temperature of the grid whose `probabilities` fit `labels` best.
    static func temperature(labels: [Int], probabilities: (Float) -> [[Float]]) -> Float {
        guard !labels.isEmpty else { return 1 }
        var best: (temperature: Float, loss: Float) = (1, .infinity)
        var temperature: Float = 0.05
        while temperature <= 200 {
            var loss: Float = 0
            for (row, label) in zip(probabilities(temperature), labels) {
                loss -= log(max(row[label], 1e-9))
            }
            if loss < best.loss { best = (temperature, loss) }
            temperature *= 1.15
        }
        return best.temperature
    }

    /// The temperature between `low` and `high` with the least `loss`,
    /// for a loss that falls, then rises, with it: a golden-section search
    /// of its logarithm, `evaluations` losses weighed. Nine narrow the
    /// range to 3.4% of its logarithm: within a few percent of the best,
    /// and near where it landed before when the loss changes a little,
    /// where a grid of nine jumps from one value to the next.
    public static func searched(between low: Float, and high: Float, evaluations: Int = 9, loss: (Float) -> Float) -> Float {
        let golden: Float = (sqrt(5) - 1) / 2
        var (low, high) = (log(low), log(high))
        var (left, right) = (high - golden * (high - low), low + golden * (high - low))
        var (leftLoss, rightLoss) = (loss(exp(left)), loss(exp(right)))
        for _ in 0..<max(evaluations - 2, 0) {
            if leftLoss <= rightLoss {
                (high, right, rightLoss) = (right, left, leftLoss)
                left = high - golden * (high - low)
                leftLoss = loss(exp(left))
            } else {
                (low, left, leftLoss) = (left, right, rightLoss)
                right = low + golden * (high - low)
                rightLoss = loss(exp(right))
            }
        }
        return exp((low + high) / 2)
    }
}
