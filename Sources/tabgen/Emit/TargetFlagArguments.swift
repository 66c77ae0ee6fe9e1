import ArgumentParser
import CodeGen

/// The command-line flags the targets declare (`TargetFlag`: `--kotlin-package`, ...), read
/// from `TargetRegistry`, so that no language's flag is written out here. ArgumentParser
/// finds a type's options by reflecting on an instance (`Mirror`), one per stored property
/// wrapper; this type's mirror lists instead one `Option` per registered flag, labeled with
/// the flag's name, and decoding reads each back by that name. The flags keep the surface
/// a stored `@Option` each would give them: help, completion, errors.
struct TargetFlagArguments: ParsableArguments, CustomReflectable {
    /// Each flag's value as given (nil: not given), by flag name, in registration order.
    private(set) var values: [(name: String, value: String?)] = TargetRegistry.flags.map { ($0.flag.name, nil) }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FlagKey.self)
        values = try TargetRegistry.flags.map { entry in
            (entry.flag.name, try container.decode(Option<String?>.self, forKey: FlagKey(stringValue: entry.flag.name)).wrappedValue)
        }
    }

    var customMirror: Mirror {
        Mirror(self, children: TargetRegistry.flags.map { entry -> Mirror.Child in
            let flag = entry.flag
            let option = Option<String?>(name: .customLong(flag.name), help: ArgumentHelp(flag.help, valueName: flag.valueName),
                                         completion: flag.values.isEmpty ? nil : .list(flag.values))
            return (label: flag.name, value: option)
        })
    }

    /// A flag's name as the key of its value: any name is one.
    struct FlagKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
