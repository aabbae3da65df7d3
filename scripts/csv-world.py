#!/usr/bin/env python3
"""A seeded spreadsheet of N rows for measuring `plings import`: houses, rooms, boxes
(10% away from home), then things in, on, under, behind, left of or next to a box or an
earlier thing; half of the things without an id (made from names with quotes and accents).
Usage: scripts/csv-world.py N OUT.csv"""
import random, sys
random.seed(1)
n = int(sys.argv[1])
out = open(sys.argv[2], 'w', newline='')
out.write("id,name,container,relation,home container,home relation\r\n")
houses = 10; rooms = 1000; boxes = n // 10
rows = 0
for h in range(houses):
    out.write(f"h{h},House {h},,,,\r\n"); rows += 1
for r in range(rooms):
    out.write(f"r{r},\"Room {r}, floor {r%3}\",h{r%houses},in,,\r\n"); rows += 1
for b in range(boxes):
    home = f"r{random.randrange(rooms)}"
    cur = home if random.random() < 0.9 else f"r{random.randrange(rooms)}"
    out.write(f"b{b},Box {b},{cur},in,{home},in\r\n"); rows += 1
rels = ["in", "on", "under", "next-to", "behind", "left-of"]
t = 0
explicit = []
while rows < n:
    box = random.randrange(boxes)
    rel = random.choice(rels)
    if rel in ("in", "on"):
        target = f"b{box}"
    else:
        # beside an earlier thing, or a box
        target = f"t{random.choice(explicit)}" if explicit and random.random() < 0.5 else f"b{box}"
    gen = random.random() < 0.5
    ident = "" if gen else f"t{t}"
    name = f"Thing {t}" if not gen else f"Sak {t} \"röd\""
    # generated ids cannot be referenced by t-numbers; keep positional targets to explicit ones only
    out.write(f"{ident},\"{name.replace(chr(34), chr(34)*2)}\",{target},{rel},,\r\n")
    if not gen: explicit.append(t)
    t += 1; rows += 1
out.close()
