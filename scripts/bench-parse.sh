#!/usr/bin/env bash
# Parsing speed, side by side with Home Assistant's matcher (hassil) on the
# same sentences, interleaved: shoptalk, hassil --best, shoptalk, ... (3 rounds).
#
#   scripts/bench-parse.sh [SENTENCES.tsv] [SECONDS]
#
# Needs ../shared/bench (hassil_bench.py and sentences-en.tsv) beside this
# repository, and hassil in a virtual environment (made on first run):
#   python3 -m venv /tmp/hassil-venv && /tmp/hassil-venv/bin/pip install hassil home-assistant-intents
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-hassil.sh
sentences=${1:-$bench/sentences-en.tsv}
seconds=${2:-5}

for round in 1 2 3; do
    echo "# round $round"
    .build/release/shoptalk-bench "$sentences" --seconds "$seconds"
    "$venv/bin/python" "$bench/hassil_bench.py" "$sentences" en --best --seconds "$seconds" | head -n 1
done
echo "# start-up: grammar compilation alone"
.build/release/shoptalk-bench --compile 50
