# Sourced by the parsing benchmarks (bench-parse.sh, bench-parse-languages.sh):
# hassil in a virtual environment ($HASSIL_VENV, made on first use), and a
# release build of shoptalk-bench. Sets bench (../shared/bench) and venv.
bench=../shared/bench
venv=${HASSIL_VENV:-/tmp/hassil-venv}
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q hassil home-assistant-intents
fi
swift build -c release --product shoptalk-bench >/dev/null
