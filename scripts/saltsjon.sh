#!/usr/bin/env bash
# Regenerates events/saltsjon.jsonl, the example log, with the CLI itself
# (never edit its lines by hand: every line carries the hash of the one before).
# The seed's scenario: Plastlåda sits on Köksbordet in Lillstugan, then moves
# under Bord in Vardagsrummet on both axes.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product plings >/dev/null
plings="$(swift build --show-bin-path)/plings"
out=events/saltsjon.jsonl
rm -f "$out" && rm -rf "$out.plings-cache"
run() { PLINGS_LANG=en "$plings" --log "$out" "$@" >/dev/null 2>&1; }
export PLINGS_ACTOR=paul
run create saltsjon "Saltsjön"
run create lillstugan "Lillstugan"
run create koksbordet "Köksbordet"
run create vardagsrummet "Vardagsrummet"
run create 5GgB "Bord"
run create yTvK "Plastlåda"
run place lillstugan in saltsjon
run place koksbordet in lillstugan
run place vardagsrummet in saltsjon
run place 5GgB in vardagsrummet
run place yTvK on koksbordet
run create lampa "Lampa"
run place lampa next-to 5GgB
run create ring "Nyckelring"
run create nyckel "Nyckel till förrådet"
run place ring on koksbordet
run place nyckel attached-to ring
PLINGS_ACTOR=iphone-paul run place yTvK under 5GgB --axes both
run place ring in vardagsrummet --axes current
"$plings" --log "$out" verify
