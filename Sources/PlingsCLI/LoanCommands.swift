import Foundation
import PlingsKit
import PlingsText

/// `plings lend` and `plings loans` (ADR 0011).
enum LoanCommands {
    static func lend(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try Commands.objectID(args.positionals[0], context)
        guard let to = args.values["--to"], !to.isEmpty else { throw CLIError.usage(context.text(.lendNeedsTo)) }
        var due: CalendarDay?
        if let text = args.values["--due"] {
            guard let day = CalendarDay(parsing: text) else {
                throw CLIError.usage(context.text(.badDue, ["value": Printable.quote(text)]))
            }
            due = day
        }
        var note: String?
        if let text = args.values["--note"] {
            guard (try? ObjectName.validate(text)) != nil else {
                throw CLIError.usage(context.text(.invalidNote, ["value": Printable.quote(text)]))
            }
            note = text
        }
        return try Commands.append([.lend(x, to: to, due: due, note: note)], args, context)
    }

    static func loans(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let limit = try Commands.at(args, context)
        var list = try Commands.answering(args, context) { try Commands.query(args, context).loans(at: limit) }
        let point = try Commands.atPoint(args, context)
        list.mark(context.loanClock(at: point))
        let overdueOnly = args.flag("--overdue")
        if overdueOnly { list = list.overdue }
        if args.flag("--json") {
            Commands.writeJSON(list, context, point: point)
        } else {
            context.terminal.out(
                Commands.header(point, context) + list.render(context.language, overdueOnly: overdueOnly))
        }
        return ExitStatus.ok
    }
}

extension Context {
    /// The clock a loan's words are said by: the person's zone (`TZ`, UTC when it names none),
    /// and as today the day of the point asked with `--at` (the time asked, or a seq's event's
    /// time: overdue as of then), else today.
    func loanClock(at point: PointAnswer?) -> LoanClock {
        let zone = (try? localZone()) ?? .utc
        let instant = point?.instant ?? SystemClock.now()
        let offset = zone.offset
        return LoanClock(today: CalendarDay(instant, offset: offset(instant.milliseconds)), offset: offset)
    }
}
