#!/usr/bin/env bash
# Builds the libFuzzer harnesses of Fuzz/ and runs them.
#
#   scripts/fuzz.sh                 # every target, 60 seconds each
#   scripts/fuzz.sh sentences 300   # one target, 300 seconds
#
# Targets: framer, grammar-loader, message-loader, sentences, evidence, input-line. SwiftPM has no fuzz
# target kind, so each harness is compiled with the sources it tests as one
# module (their `import ShopTalk…` lines removed) by
# `swiftc -sanitize=fuzzer,address -O -parse-as-library`. Seeds are in
# Fuzz/corpus/TARGET (read only; evidence starts from the sentences seeds);
# what the fuzzer finds goes to fuzz-out/.
# A crash leaves its input in fuzz-out/TARGET-crashes/: make it a test in
# `swift test` before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."

sources() {
    case $1 in
        framer) echo Sources/ShopTalkTransports/LineFramer.swift ;;
        grammar-loader) echo Sources/ShopTalkGrammar/*.swift Sources/ShopTalkJSON/*.swift Sources/ShopTalkText/*.swift ;;
        sentences|evidence) echo Sources/ShopTalkGrammar/*.swift Sources/ShopTalkJSON/*.swift Sources/ShopTalkText/*.swift Fuzz/LoadedGrammars.swift ;;
        message-loader) echo Sources/ShopTalkWording/*.swift ;;
        input-line) echo Sources/ShopTalkSession/InputLine.swift Sources/ShopTalkDomain/*.swift Sources/ShopTalkText/*.swift ;;
        *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

build() {
    local target=$1 dir=fuzz-out/src-$1
    rm -rf "$dir" && mkdir -p "$dir" fuzz-out
    for file in $(sources "$target") "Fuzz/$target.swift"; do
        sed -E '/^(public |internal )?import ShopTalk/d' "$file" > "$dir/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    swiftc -sanitize=fuzzer,address -O -parse-as-library -module-name "Fuzz${target//-/}" "$dir"/*.swift \
        -o "fuzz-out/$target" 2>&1 | grep -v "Cannot export local symbol" || true
}

run() {
    local target=$1 seconds=$2
    build "$target"
    mkdir -p "fuzz-out/$target-corpus" "fuzz-out/$target-crashes"
    SWIFT_BACKTRACE=enable=no "fuzz-out/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="fuzz-out/$target-crashes/" \
        "fuzz-out/$target-corpus" "Fuzz/corpus/${target/evidence/sentences}" 2>&1 | grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|ERROR|SUMMARY|Done" || true
}

if [ $# -ge 1 ]; then
    run "$1" "${2:-60}"
else
    for target in framer grammar-loader message-loader sentences evidence input-line; do echo "# $target"; run "$target" 60; done
fi
