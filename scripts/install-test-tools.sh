#!/usr/bin/env bash
# Installs the Debian packages the tests drive as real components (a QR encoder and decoder to
# check ours against, a browser to draw pages and pictures; more as the web tests need them).
# Idempotent: it runs apt-get only for a command that is missing, and `apt-get update` only then.
# Without root or apt-get it says what is missing and leaves it: the tests that need a tool
# report themselves as skipped.
# Add a tool as one "command package" line below; a package that installs no command (a
# module) is checked by a file it installs: "/path/of/the/file package".
set -euo pipefail

tools=(
    "qrencode qrencode"
    "zbarimg zbar-tools"
    "chromium chromium"                                     # BrowserTests: the pages in a real browser
    "chromedriver chromium-driver"                          # BrowserTests: Selenium drives Chromium through it
    "/usr/lib/python3/dist-packages/selenium python3-selenium" # BrowserTests: scripts/browser-checks.py
    "lighttpd lighttpd"                                     # PlingsServeTests: the hub behind a real web server
    "/usr/lib/lighttpd/mod_deflate.so lighttpd-mod-deflate" # PlingsServeTests: compressed answers
    "/usr/lib/lighttpd/mod_openssl.so lighttpd-mod-openssl" # PlingsServeTests: TLS with a throwaway CA
    "openssl openssl"                                       # PlingsServeTests: makes the throwaway CA
    "unshare util-linux"                                    # PlingsServeTests: trusts the CA in a mount namespace
    "ssh openssh-client"                                    # PlingsSyncTests: ssh:// checked by OpenSSH's own parsing (ssh -G)
)

missing=()
for entry in "${tools[@]}"; do
    read -r need package _ <<<"$entry"
    if [[ "$need" == /* ]]; then
        [[ -e "$need" ]] || missing+=("$package")
    else
        command -v "$need" >/dev/null 2>&1 || missing+=("$package")
    fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null 2>&1 || [[ $(id -u) -ne 0 ]]; then
    echo "install-test-tools: missing ${missing[*]}; install them (Debian: apt-get install ${missing[*]})" \
        "or the tests that need them are skipped" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
