# Sourced by .ci/run and by anyone who wants the Matrix tests run locally:
# Synapse, the reference Matrix homeserver, from PyPI in a virtual
# environment of its own (made when missing), for the tests to start on a
# free port of 127.0.0.1 (Tests/ShopTalkCLITests/SynapseServer.swift).
#
#   source scripts/synapse-venv.sh && install_synapse
#   echo "$SHOPTALK_SYNAPSE"        # the environment's python
#
# SHOPTALK_SYNAPSE_VENV chooses the folder (default ~/.cache/shoptalk/synapse).

install_synapse() {
    local venv="${SHOPTALK_SYNAPSE_VENV:-$HOME/.cache/shoptalk/synapse}"
    if ! "$venv/bin/python" -c 'import synapse' 2>/dev/null; then
        # Debian's python3 needs its venv package for `python3 -m venv`.
        if ! python3 -m venv --help >/dev/null 2>&1; then
            local sudo=(); [ "$(id -u)" = 0 ] || sudo=(sudo)
            "${sudo[@]}" apt-get install -y --no-install-recommends python3-venv >/dev/null \
                || { "${sudo[@]}" apt-get update >/dev/null && "${sudo[@]}" apt-get install -y --no-install-recommends python3-venv >/dev/null; }
        fi
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check matrix-synapse
    fi
    export SHOPTALK_SYNAPSE="$venv/bin/python"
}
