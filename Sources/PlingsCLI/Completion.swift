import PlingsKit

/// `plings completion bash|zsh|fish`: scripts built from the command table,
/// so a new command or option completes without editing them.
enum Completion {
    /// The script for `shell`, or nil for a shell we do not know.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash()
        case "zsh": return zsh()
        case "fish": return fish()
        default: return nil
        }
    }

    static let relations = Relation.allCases.map(\.token)
    static let axes = ["both", "current", "normal"]
    static let globalOptions = ["--log", "--actor", "--lang", "--help", "--version"]

    static func options(_ command: String) -> [String] {
        guard let spec = Commands.all[command]?.spec else { return globalOptions }
        return spec.valued.union(spec.flags).sorted() + globalOptions
    }

    /// One `case` arm per command listing its options.
    static func bash() -> String {
        let arms = Commands.names.map { "        \($0)) opts=\"\(options($0).joined(separator: " "))\" ;;" }
        return """
            # bash completion for plings: source <(plings completion bash)
            _plings() {
                local cur prev cmd opts i
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                cmd=""
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        --log|--actor|--lang|--at|--from|--to|--object|--axes|--axis|--cid|--expect|--expect-seq|--on-error|--batch) ((i++)) ;;
                        -*) ;;
                        *) if [[ -z "$cmd" ]]; then cmd="${COMP_WORDS[i]}"; fi ;;
                    esac
                done
                case "$prev" in
                    --lang) COMPREPLY=($(compgen -W "sv en" -- "$cur")); return ;;
                    --axes) COMPREPLY=($(compgen -W "\(axes.joined(separator: " "))" -- "$cur")); return ;;
                    --axis) COMPREPLY=($(compgen -W "current normal" -- "$cur")); return ;;
                    --on-error) COMPREPLY=($(compgen -W "stop skip" -- "$cur")); return ;;
                    --log) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                esac
                if [[ -z "$cmd" ]]; then
                    COMPREPLY=($(compgen -W "\(Commands.names.joined(separator: " ")) \(globalOptions.joined(separator: " "))" -- "$cur"))
                    return
                fi
                case "$cmd" in
            \(arms.joined(separator: "\n"))
                    *) opts="" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                elif [[ "$cmd" == place && "$prev" != place ]] && [[ "${COMP_WORDS[COMP_CWORD-2]}" == place ]]; then
                    COMPREPLY=($(compgen -W "\(relations.joined(separator: " "))" -- "$cur"))
                elif [[ "$cmd" == help ]]; then
                    COMPREPLY=($(compgen -W "\(Commands.names.joined(separator: " "))" -- "$cur"))
                elif [[ "$cmd" == completion ]]; then
                    COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
                elif [[ "$cmd" == apply || "$cmd" == import ]]; then
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -F _plings plings

            """
    }

    static func zsh() -> String {
        let commands = Commands.names.map { "'\($0)'" }.joined(separator: " ")
        let arms = Commands.names.map { "        \($0)) opts=(\(options($0).joined(separator: " "))) ;;" }
        return """
            #compdef plings
            # zsh completion for plings: plings completion zsh > ~/.zfunc/_plings
            _plings() {
                local -a commands opts
                commands=(\(commands))
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case "${words[CURRENT-1]}" in
                    --lang) _values 'language' sv en; return ;;
                    --axes) _values 'axes' \(axes.joined(separator: " ")); return ;;
                    --axis) _values 'axis' current normal; return ;;
                    --on-error) _values 'policy' stop skip; return ;;
                    --log) _files; return ;;
                esac
                case "${words[2]}" in
            \(arms.joined(separator: "\n"))
                esac
                if [[ "${words[2]}" == place && CURRENT -eq 4 ]]; then
                    _values 'relation' \(relations.joined(separator: " "))
                elif [[ "${words[CURRENT]}" == -* ]]; then
                    _values 'option' $opts
                elif [[ "${words[2]}" == help ]]; then
                    _describe 'command' commands
                elif [[ "${words[2]}" == completion ]]; then
                    _values 'shell' bash zsh fish
                elif [[ "${words[2]}" == (apply|import) ]]; then
                    _files
                fi
            }
            compdef _plings plings

            """
    }

    static func fish() -> String {
        var lines = [
            "# fish completion for plings: plings completion fish > ~/.config/fish/completions/plings.fish",
            "complete -c plings -f",
            "complete -c plings -n __fish_use_subcommand -a '\(Commands.names.joined(separator: " "))'",
            "complete -c plings -l log -r -F", "complete -c plings -l actor -r",
            "complete -c plings -l lang -x -a 'sv en'",
            "complete -c plings -s h -l help", "complete -c plings -l version",
            "complete -c plings -n '__fish_seen_subcommand_from place' -l axes -x -a '\(axes.joined(separator: " "))'",
            "complete -c plings -n '__fish_seen_subcommand_from tree' -l axis -x -a 'current normal'",
            "complete -c plings -n '__fish_seen_subcommand_from apply import' -l on-error -x -a 'stop skip'",
            "complete -c plings -n '__fish_seen_subcommand_from place' -a '\(relations.joined(separator: " "))'",
            "complete -c plings -n '__fish_seen_subcommand_from help' -a '\(Commands.names.joined(separator: " "))'",
            "complete -c plings -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'",
            "complete -c plings -n '__fish_seen_subcommand_from apply import' -F",
        ]
        for command in Commands.names {
            guard let spec = Commands.all[command]?.spec else { continue }
            for option in spec.valued.union(spec.flags).sorted()
            where !["--axes", "--axis", "--on-error"].contains(option) {
                let valued = spec.valued.contains(option) ? " -r" : ""
                lines.append(
                    "complete -c plings -n '__fish_seen_subcommand_from \(command)' -l \(option.dropFirst(2))\(valued)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
