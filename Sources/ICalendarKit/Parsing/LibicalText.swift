import CLibical

/// Reads strings out of libical properties without touching libical's shared ring buffer.
enum LibicalText {
    /// The property's value as iCalendar text (caller-owned copy, freed here).
    static func value(of property: OpaquePointer) -> String? {
        guard let raw = icalproperty_get_value_as_string_r(property) else { return nil }
        defer { icalmemory_free_buffer(raw) }
        return String(cString: raw)
    }

    /// A parameter of the property by name (e.g. "PARTSTAT"), or nil.
    static func parameter(_ name: String, of property: OpaquePointer) -> String? {
        guard let raw = icalproperty_get_parameter_as_string_r(property, name) else { return nil }
        defer { icalmemory_free_buffer(raw) }
        return String(cString: raw)
    }

    /// All properties of one kind on a component.
    static func properties(of component: OpaquePointer, kind: icalproperty_kind) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, kind)
        while let current = property {
            result.append(current)
            property = icalcomponent_get_next_property(component, kind)
        }
        return result
    }

    /// All direct children of one kind.
    static func children(of component: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(component, kind)
        while let current = child {
            result.append(current)
            child = icalcomponent_get_next_component(component, kind)
        }
        return result
    }
}
