/// How vigord writes a share to a person: a whole percent with a space before the sign ("24 %"), everywhere it
/// speaks (explanations, block descriptions, notifications, vigorctl).
public enum Percent {
    /// `fraction` 0…1 as "24 %".
    public static func text(_ fraction: Double) -> String {
        text(points: Int((fraction * 100).rounded()))
    }

    /// A value already in percent points as "24 %".
    public static func text(points: Int) -> String {
        "\(points) %"
    }
}
