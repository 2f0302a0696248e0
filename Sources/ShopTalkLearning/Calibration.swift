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
}
