#!/usr/bin/env bash
# Installs what a fresh Debian 12/13 or Ubuntu machine lacks to build and test this package (besides the Swift
# toolchain and python3): pkg-config, the libxml2 and libcurl headers, SQLCipher 4.x (library, headers and the
# `sqlcipher` shell), python3-venv and openssl. The one place that does it: `.ci/run` and `scripts/test.sh` call it.
#
# SQLCipher must be 4.x (the offline store refuses an older engine). Where the distribution's candidate
# `libsqlcipher-dev` is older (Debian 12 ships 3.4.1 on SQLite 3.15), the `bookworm-backports` suite of the
# Debian archive is enabled (Debian 12 only) and SQLCipher installed from it with `-t bookworm-backports`;
# an installed 3.x is upgraded the same way. Nothing comes from outside the distribution's package archives.
#
# Idempotent: when everything is present it checks and returns without calling apt. Runs as root, or through
# sudo otherwise. Usage: bash scripts/install-deps.sh
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_update() { as_root apt-get update -qq; apt_updated=1; }
apt_install() {  # apt_install [-t SUITE] PACKAGE...
    if [ "$apt_updated" -eq 0 ]; then apt_update; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# Major version of a version string ("4.6.1", "3.4", "4.6.1-2~bpo12+1", "4.6.1 community"); 0 when empty.
major() { local version="${1:-0}"; version="${version%%.*}"; echo "${version:-0}"; }
# The installed SQLCipher headers' package version (pkg-config's `sqlcipher` version is SQLite's: 3.46.1 for
# SQLCipher 4.6.1, and "3.4" for SQLCipher 3.4.1), the `sqlcipher` shell's engine (PRAGMA cipher_version).
sqlcipher_headers() {
    pkg-config --exists sqlcipher 2>/dev/null && dpkg-query -W -f='${Version}' libsqlcipher-dev 2>/dev/null || true
}
sqlcipher_shell() { command -v sqlcipher >/dev/null 2>&1 && sqlcipher :memory: 'PRAGMA cipher_version;' 2>/dev/null || true; }
sqlcipher_ok() { [ "$(major "$(sqlcipher_headers)")" -ge 4 ] && [ "$(major "$(sqlcipher_shell)")" -ge 4 ]; }

# Enables Debian 12's bookworm-backports suite (from the mirror the machine already uses) unless some source has it.
enable_bookworm_backports() {
    if grep -rqs --include='*.list' --include='*.sources' -E '(^|[[:space:]])bookworm-backports([[:space:]]|$)' \
        /etc/apt/sources.list /etc/apt/sources.list.d/; then
        return
    fi
    local mirror
    mirror=$(grep -rhs -E '^(URIs:|deb) ' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list \
        | grep -v -E 'security|backports' | grep -o -E 'https?://[^ ]+/debian/?' | head -n 1 || true)
    mirror="${mirror:-http://deb.debian.org/debian}"
    echo "install-deps: enabling bookworm-backports ($mirror) for SQLCipher 4"
    printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: %s\n' \
        "$mirror" /usr/share/keyrings/debian-archive-keyring.gpg \
        | as_root tee /etc/apt/sources.list.d/bookworm-backports.sources >/dev/null
    apt_update
}

install_sqlcipher() {
    if [ "$apt_updated" -eq 0 ]; then apt_update; fi
    local candidate codename
    candidate=$(apt-cache policy libsqlcipher-dev | awk '/Candidate:/ { print $2 }')
    if [ "$(major "$candidate")" -ge 4 ]; then
        apt_install libsqlcipher-dev sqlcipher
        return
    fi
    codename=$(. /etc/os-release && echo "${ID:-}:${VERSION_CODENAME:-}")
    if [ "$codename" != "debian:bookworm" ]; then
        echo "install-deps: this system offers libsqlcipher-dev ${candidate:-(none)}, and the offline store needs" \
            "SQLCipher 4.x: install libsqlcipher-dev and sqlcipher 4.x from your distribution's archive" >&2
        exit 1
    fi
    enable_bookworm_backports
    apt_install -t bookworm-backports libsqlcipher-dev sqlcipher
}

if ! command -v pkg-config >/dev/null 2>&1; then apt_install pkg-config; fi
# libxml2 headers: the CLibXML2 system library (metadata and Atom parsing).
if ! pkg-config --exists libxml-2.0; then apt_install libxml2-dev; fi
# libcurl headers: the CCurl system library (ODataCurl's CurlTransport).
if ! pkg-config --exists libcurl; then apt_install libcurl4-openssl-dev; fi
# SQLCipher 4.x: the CSQLCipher system library (the offline store, encrypted or plain) and its shell (a test runs it).
if ! sqlcipher_ok; then install_sqlcipher; fi
# Python with venv/pip for the test servers and the benchmark scripts; openssl for the test servers' certificates.
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then apt_install python3-venv; fi
if ! command -v openssl >/dev/null 2>&1; then apt_install openssl; fi

if ! sqlcipher_ok; then
    echo "install-deps: SQLCipher is still not 4.x (headers: $(sqlcipher_headers), shell: $(sqlcipher_shell))" >&2
    exit 1
fi
