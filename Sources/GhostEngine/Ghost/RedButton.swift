/// The red button (`vigorctl crashing`): recovery time from now, the blocks inside it withdrawn.
public enum RedButton {
    /// The reason a press for `minutes` keeps, "240 minutes (vigorctl crashing)": as vigord records a press and the
    /// simulator's user presses it.
    public static func reason(minutes: Int) -> String {
        "\(minutes) minutes (vigorctl crashing)"
    }
}
