/// How a per-minute sample table codes sleep in `RAW_KIND`, after Gadgetbridge's sample providers.
enum SampleSleepCoding {
    /// Steps only: the device keeps sleep in a table of its own (Garmin, Xiaomi) or not at all.
    case none
    /// Mi Band 1 (`MiBandSampleProvider`): 4 deep, 5 light.
    case firstMiBand
    /// Later Mi Bands and Amazfit (`HuamiConst`): the low 4 bits; 9 light, 11 deep; 0 ("no change") and
    /// 10 ("ignore") continue the kind before them.
    case huami
    /// Zepp OS bands (`HUAMI_EXTENDED_ACTIVITY_SAMPLE`): 120 is sleep of any stage.
    case zeppOS

    /// The vigord sleep stage of a sample, or nil when it is not sleep. `carried` is the last kind that
    /// counted (Huami), per device.
    func stage(rawKind: Int64, carried: inout Int64?) -> String? {
        switch self {
        case .none: return nil
        case .firstMiBand:
            switch rawKind {
            case 4: return "deep"
            case 5: return "core"
            default: return nil
            }
        case .huami:
            var kind = rawKind
            if kind != -1 { kind &= 0xF }
            if kind == 0 || kind == 10 {
                guard let previous = carried else { return nil }
                kind = previous
            } else {
                carried = kind
            }
            switch kind {
            case 9: return "core"
            case 11: return "deep"
            default: return nil
            }
        case .zeppOS:
            return rawKind == 120 ? "asleep" : nil
        }
    }
}
