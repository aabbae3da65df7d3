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
        var container: ObjectID?
        if let text = args.positionals.first, !ObjectID.isWorldToken(text) {
            container = try Commands.objectID(text, context)
        }
        var since: Timestamp?
        if let text = args.values["--since"] {
            guard let time = Timestamp(parsing: text) else {
                throw CLIError.usage(context.text(.badSince, ["value": Printable.quote(text)]))
            }
            since = time
        }
        let limit = try Commands.at(args, context)
        let json = args.flag("--json")
        // Where --at falls, said first (the list is written as it is made).
        let point = try Commands.atPoint(args, context)
        if !json, let point {
            context.terminal.out(Commands.header(point, context))
        }
        // Each thing is written as the query hands it on: the list is never held with its places.
        var writer = JSONWriter(sink: context.terminal.out)
        var count = 0
        if json {
            // At a point, an object that says where the point falls around the array (docs/json.md).
            if let point {
                writer.beginObject()
                Commands.pointMembers(point, to: &writer)
                writer.field("asOfSeq", point.seq)
                writer.key("things")
            }
            writer.beginArray()
        }
        let asOfSeq = try Commands.answering(args, context) {
            try Commands.query(args, context).stocktake(inside: container, since: since, at: limit) { item in
                count += 1
                let lastAt = item.lastAt.rfc3339
                if json {
                    StocktakeItem(
                        id: item.id.rawValue, name: item.name, lastSeq: item.lastSeq, lastAt: lastAt,
                        seenSeq: item.seenSeq, current: item.current
                    ).write(to: &writer)
                    return
                }
                let seen = item.seenSeq.map { context.text(.seenSuffix, ["seq": String($0)]) } ?? ""
                context.terminal.out(
                    "#\(item.lastSeq) \(lastAt)  \(Printable.quote(item.name)) (\(item.id))  "
                        + "\(item.current.pathText(context.language))\(seen)\n")
            }
        }
        if json {
            writer.endArray()
            if point != nil { writer.endObject() }
            writer.finish()
            return ExitStatus.ok
        }
        if count == 0 {
            let none = Commands.beforeFirstEvent(asOfSeq, args, context) ?? context.text(.stocktakeNone)
            context.terminal.out(none + "\n")
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
        let at = try Commands.at(args, context)
        let found = try Commands.answering(args, context) {
            try Commands.query(args, context).find(
                args.positionals[0], limit: limit, archived: args.flag("--archived"), at: at)
        }
        let hits = found.hits.map { hit in
            FindHit(
                id: hit.id.rawValue, name: hit.name, rank: hit.rank.token, archived: hit.archived,
                current: hit.current, normal: hit.normal)
        }
        let point = try Commands.atPoint(args, context)
        if args.flag("--json") {
            Commands.writeJSON(context) { w in
                guard let point else { return w.array(hits) }
                // At a point, an object that says where the point falls around the array (docs/json.md).
                w.object {
                    Commands.pointMembers(point, to: &$0)
                    $0.field("asOfSeq", found.asOfSeq)
                    $0.key("hits")
                    $0.array(hits)
                }
            }
            return ExitStatus.ok
        }
        if Commands.beforeFirstEvent(found.asOfSeq, args, context) == nil {
            context.terminal.out(Commands.header(point, context))
        }
        if hits.isEmpty {
            context.terminal.out(
                (Commands.beforeFirstEvent(found.asOfSeq, args, context) ?? context.text(.findNone)) + "\n")
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
