/// Where the boxes of a place's picture go.
///
/// Each group of things joined by positional relations is laid out on a grid from a thing that
/// is placed relative to nothing (its root): every other thing takes the cell one step from its
/// reference in its relation's direction, or the next free cell along `PictureDirection.spread`.
/// Depth is drawn as an offset (behind: up and to the right; in front: down and to the left).
/// Groups are packed in rows; things with no relation at all follow in a plain grid. At most
/// `limit` things are shown; the rest are counted in `hidden`. A cycle (which the rules do not
/// make, but a damaged or merged world might) is broken at the first of its things met.
///
/// - Complexity: O(n) over the n things, plus O(limit²) at worst for finding free cells.
struct PictureLayout: Sendable {
    /// A grid cell: x to the right, y down, z toward the viewer.
    struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
        var z: Int

        static func + (cell: Cell, step: PictureDirection) -> Cell {
            Cell(x: cell.x + step.x, y: cell.y + step.y, z: cell.z + step.z)
        }

        /// The top-left corner of the cell in the picture, in cell units, depth folded in.
        var corner: (x: Double, y: Double) {
            (Double(x) - PictureLayout.depthShift.x * Double(z), Double(y) + PictureLayout.depthShift.y * Double(z))
        }
    }

    /// One shown thing: its index in the contents, its cell, and its top-left corner in cell units.
    struct Box: Sendable, Equatable {
        var thing: Int
        var cell: Cell
        var left: Double
        var top: Double
    }

    /// How far one step toward the viewer moves a box: left and down, in cell units.
    static let depthShift = (x: 0.1, y: 0.3)
    /// Space between packed groups, in cell units.
    static let gap = 0.5

    /// The boxes, in drawing order: farthest back first, then top to bottom, left to right.
    private(set) var boxes: [Box] = []
    /// How many things are not shown.
    private(set) var hidden = 0
    /// Each thing's reference when it is another thing of the place (others are ignored).
    let references: [Int?]
    /// The extent of all boxes, in cell units (each box is taken as one whole cell).
    private(set) var width = 0.0
    private(set) var height = 0.0

    /// Lays out `contents`, showing at most `limit` things, wrapping rows at `rowWidth` cells.
    init(_ contents: PlaceContents, limit: Int = 120, rowWidth: Int = 6) {
        var graph = Graph(contents.things)
        references = graph.reference
        var groups: [[(Int, Cell)]] = []
        var shown = 0
        for root in graph.roots() where shown < limit {
            let group = graph.spread(from: root, contents.things, budget: limit - shown)
            shown += group.count
            groups.append(group)
        }
        var loose: [Int] = []
        for i in contents.things.indices where shown < limit && graph.isLoose(i) {
            loose.append(i)
            shown += 1
        }
        hidden = contents.things.count - shown
        var packer = Packer(rowWidth: Double(rowWidth))
        for group in groups { boxes += packer.place(group) }
        if !loose.isEmpty { packer.newRow() }
        for (n, i) in loose.enumerated() {
            if n > 0 && n % rowWidth == 0 { packer.newRow(gap: 0) }
            boxes += packer.place([(i, Cell(x: 0, y: 0, z: 0))], gap: 0)
        }
        width = packer.width
        height = packer.height
        boxes.sort { ($0.cell.z, $0.top, $0.left, $0.thing) < ($1.cell.z, $1.top, $1.left, $1.thing) }
    }
}

extension PictureLayout {
    /// The things as a graph: each thing's reference (when it is another thing of the place),
    /// and the things that name each one.
    struct Graph {
        let reference: [Int?]
        private(set) var inbound: [[Int]]
        private(set) var taken: [Bool]

        init(_ things: [PlaceThing]) {
            let count = things.count
            reference = things.indices.map { i in
                guard let r = things[i].reference, r != i, (0..<count).contains(r) else { return nil }
                return r
            }
            inbound = Array(repeating: [], count: count)
            for (i, r) in reference.enumerated() { if let r { inbound[r].append(i) } }
            taken = Array(repeating: false, count: count)
        }

        /// A thing with no relation either way.
        func isLoose(_ i: Int) -> Bool { reference[i] == nil && inbound[i].isEmpty }

        /// The roots of the groups, in order: things placed relative to nothing that others are
        /// placed relative to; then, for each cycle, the first of its things met.
        func roots() -> [Int] {
            var roots = reference.indices.filter { reference[$0] == nil && !inbound[$0].isEmpty }
            // Every thing that reaches a root is in that root's group; the others lead into a cycle.
            var reaches = [Bool](repeating: false, count: reference.count)
            var stack = roots
            while let node = stack.popLast() {
                reaches[node] = true
                stack += inbound[node]
            }
            var walked = [Int](repeating: -1, count: reference.count)
            for start in reference.indices where !reaches[start] && !isLoose(start) {
                var node = start
                while walked[node] == -1, !reaches[node], let next = reference[node] {
                    walked[node] = start
                    node = next
                }
                guard walked[node] == start else { continue }
                // `node` was met twice on this walk: it is on a cycle. Mark its whole group.
                roots.append(node)
                stack = [node]
                while let member = stack.popLast() {
                    if reaches[member] { continue }
                    reaches[member] = true
                    stack += inbound[member]
                }
            }
            return roots
        }

        /// The cells of `root`'s group, breadth first from `root` at the origin, at most `budget`
        /// of them: each thing one step from its reference, or the next free cell along the spread.
        mutating func spread(from root: Int, _ things: [PlaceThing], budget: Int) -> [(Int, Cell)] {
            var cells: [(Int, Cell)] = [(root, Cell(x: 0, y: 0, z: 0))]
            var used: Set<Cell> = [Cell(x: 0, y: 0, z: 0)]
            taken[root] = true
            var head = 0
            while head < cells.count && cells.count < budget {
                let (node, at) = cells[head]
                head += 1
                for child in inbound[node] where !taken[child] && cells.count < budget {
                    var step = things[child].direction ?? PictureDirection(x: 1, y: 0, z: 0)
                    if step.isZero { step = PictureDirection(x: 1, y: 0, z: 0) }
                    var cell = at + step
                    // At most `budget` cells are taken, so this ends within `budget` steps.
                    while used.contains(cell) { cell = cell + step.spread }
                    used.insert(cell)
                    taken[child] = true
                    cells.append((child, cell))
                }
            }
            return cells
        }
    }

    /// Packs groups left to right in rows no wider than `rowWidth` cells (a wider group gets a
    /// row of its own), in cell units.
    struct Packer {
        let rowWidth: Double
        private var x = 0.0
        private var y = 0.0
        private var rowHeight = 0.0
        private(set) var width = 0.0
        private(set) var height = 0.0

        init(rowWidth: Double) { self.rowWidth = rowWidth }

        /// Starts a new row below everything so far, `gap` below it.
        mutating func newRow(gap: Double = PictureLayout.gap) {
            guard x > 0 else { return }
            y += rowHeight + gap
            x = 0
            rowHeight = 0
        }

        /// The boxes of one group, moved to the next free place in the row.
        mutating func place(_ group: [(Int, Cell)], gap: Double = PictureLayout.gap) -> [Box] {
            let corners = group.map(\.1.corner)
            let minX = corners.map(\.x).min() ?? 0
            let minY = corners.map(\.y).min() ?? 0
            let groupWidth = (corners.map(\.x).max() ?? 0) + 1 - minX
            let groupHeight = (corners.map(\.y).max() ?? 0) + 1 - minY
            if x > 0 && x + groupWidth > rowWidth { newRow(gap: gap) }
            let boxes = zip(group, corners).map { member, corner in
                Box(thing: member.0, cell: member.1, left: corner.x - minX + x, top: corner.y - minY + y)
            }
            x += groupWidth + gap
            rowHeight = max(rowHeight, groupHeight)
            width = max(width, x - gap)
            height = max(height, y + rowHeight)
            return boxes
        }
    }
}
