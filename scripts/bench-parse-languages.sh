#!/usr/bin/env bash
# Parsing with every language loaded, side by side with hassil with its seven
# languages loaded, on the same sentences, interleaved (3 rounds):
#
#   scripts/bench-parse-languages.sh [SECONDS] [--mixed]
#
# `--mixed` adds the held-out lines of round 5 (Tests/HeldOut/round5), which
# the grammars mostly do not hold, and ShopTalk reads each line no grammar
# understands with the preferred language's model, as the bot does.
#
# The sentences are every row of ShopTalk's sentence tables, in all seven
# languages, so that hassil loads its seven too (it loads the languages its
# rows name). ShopTalk
# tries each sentence as the bot tries a line, twice: once English first, then
# the others until one understands it (a newcomer's first line), and once in
# the line's own language first (a conversation already in it; the second
# line); hassil ("all") runs every sentence through all
# seven grammars with recognize_best, as Home Assistant would for a speaker
# whose language it does not know. Mismatches hassil reports go to a log.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-hassil.sh
seconds=${1:-5}
mixed=${2:-}
reader=()
[ "$mixed" = --mixed ] && reader=(--reader)

table=$(mktemp --suffix=.tsv)
log=$(mktemp --suffix=.log)
trap 'rm -f "$table"' EXIT
{
    printf 'lang\tsentence\tintent\titem\tlist\n'
    # hassil names Simplified Chinese zh-CN; ShopTalk reads the code before the "-".
    for lang in en es de fr ru vi zh; do
        label=$lang; [ "$lang" = zh ] && label=zh-CN
        grep -v '^#' "Tests/ShopTalkGrammarTests/Sentences/$lang.tsv" | cut -f1 | sed "s/^/$label\t/; s/\$/\t\t\t/"
        if [ "$mixed" = --mixed ]; then
            grep -v '^#' "Tests/HeldOut/round5/$lang.tsv" | grep -v '^category' | cut -f2 | sed "s/^/$label\t/; s/\$/\t\t\t/"
        fi
    done
} > "$table"
echo "# $(($(wc -l < "$table") - 1)) sentences; hassil's mismatches in $log"

for round in 1 2 3; do
    echo "# round $round"
    .build/release/shoptalk-bench "$table" --lang all ${reader[@]+"${reader[@]}"} --seconds "$seconds"
    .build/release/shoptalk-bench "$table" --lang all --prefer-line-language ${reader[@]+"${reader[@]}"} --seconds "$seconds" | sed 's/^shoptalk all/shoptalk all, line language first,/'
    "$venv/bin/python" "$bench/hassil_bench.py" "$table" all --best --seconds "$seconds" 2>>"$log" | head -n 1
done
