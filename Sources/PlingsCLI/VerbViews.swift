import Foundation
import PlingsKit
import PlingsText

/// The read-only verbs: stocktake and find.
extension VerbCommands {
    /// One line of a stocktake, as `--json` prints it.
    struct StocktakeItem: JSONWritable {
        var id: String
        var name: String
        var lastSeq: Int64
        var lastAt: String
        var seenSeq: Int64?
        var current: Location

        func write(to w: inout JSONWriter) {
            w.object {
                $0.field("id", id)
                $0.field("name", name)
                $0.field("lastSeq", lastSeq)
                $0.field("lastAt", lastAt)
                $0.field("seenSeq", seenSeq)
                $0.key("current")
                current.write(to: &$0)
            }
        }
    }

    static func stocktake(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let state = try Commands.state(args, context)
        var container = ObjectIndex.world
        if let text = args.positionals.first, !ObjectID.isWorldToken(text) {
            let id = try Commands.objectID(text, context)
            guard let x = state.registry.index(of: id) else {
                // With --at: "did not exist yet" when it was created later.
                if args.values["--at"] != nil { throw try Commands.missing(id, args, context) }
                throw IDHint.adding(to: DomainError.unknownObject(id), registry: state.registry, context)
            }
            container = x
        }
        var since: Timestamp?
        if let text = args.values["--since"] {
            guard let time = Timestamp(parsing: text) else {
                throw CLIError.usage(context.text(.badSince, ["value": Printable.quote(text)]))
            }
            since = time
        }
        let items = Stocktake.list(inside: container, since: since, in: state).map { item in
            StocktakeItem(
                id: state.registry.id(item.object).rawValue, name: state.registry.name(item.object),
                lastSeq: item.seq, lastAt: item.at.rfc3339, seenSeq: item.seenSeq,
                current: Location(item.object, axis: .current, state: state))
        }
        if args.flag("--json") {
            Commands.writeJSON(context) { w in w.array(items) }
            return ExitStatus.ok
        }
        if items.isEmpty {
            let none = Commands.beforeFirstEvent(state, args, context) ?? context.text(.stocktakeNone)
            context.terminal.out(none + "\n")
        }
        for item in items {
            let seen = item.seenSeq.map { context.text(.seenSuffix, ["seq": String($0)]) } ?? ""
            context.terminal.out(
                "#\(item.lastSeq) \(item.lastAt)  \(Printable.quote(item.name)) (\(item.id))  "
                    + "\(item.current.pathText(context.language))\(seen)\n")
        }
        return ExitStatus.ok
    }

    /// One hit of `find`, as `--json` prints it.
    struct FindHit: JSONWritable {
        var id: String
        var name: String
        var rank: String
        var archived: Bool
        var current: Location
        var normal: Location

        func write(to w: inout JSONWriter) {
            w.object {
                $0.field("id", id)
                $0.field("name", name)
                $0.field("rank", rank)
                $0.field("archived", archived)
                $0.key("current")
                current.write(to: &$0)
                $0.key("normal")
                normal.write(to: &$0)
            }
        }
    }

    static func find(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        var limit = 20
        if let text = args.values["--limit"] {
            guard let value = Int(text), value >= 1 else {
                throw CLIError.usage(context.text(.badLimit, ["value": Printable.quote(text)]))
            }
            limit = value
        }
        let state = try Commands.state(args, context)
        let withArchived = args.flag("--archived")
        let hits = SearchIndex(registry: state.registry).search(args.positionals[0], limit: limit) {
            withArchived || !state.status.isArchived($0)
        }.map { hit in
            FindHit(
                id: state.registry.id(hit.object).rawValue, name: state.registry.name(hit.object),
                rank: hit.rank.token, archived: state.status.isArchived(hit.object),
                current: Location(hit.object, axis: .current, state: state),
                normal: Location(hit.object, axis: .normal, state: state))
        }
        if args.flag("--json") {
            Commands.writeJSON(context) { w in w.array(hits) }
            return ExitStatus.ok
        }
        if hits.isEmpty {
            context.terminal.out((Commands.beforeFirstEvent(state, args, context) ?? context.text(.findNone)) + "\n")
        }
        for hit in hits {
            let archived = hit.archived ? " " + context.text(.archivedTag) : ""
            let home = context.text(.homeWord)
            context.terminal.out(
                "\(Printable.quote(hit.name)) (\(hit.id))\(archived)  \(hit.current.pathText(context.language))"
                    + "; \(home): \(hit.normal.pathText(context.language))\n")
        }
        return ExitStatus.ok
    }
}
