/// The version of vigord and vigorctl, reported by `status` and `--version`.
public enum VigorVersion {
    public static let current = "0.1.0"
}
