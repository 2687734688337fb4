#!/usr/bin/env bash
# Makes sure what the tests need is here: a PostgreSQL server, Debian's Chromium and Dovecot (the
# mail tests start their own Dovecot IMAP server, server/test/mail-servers.ts).
set -euo pipefail

admin_url="${TEST_DATABASE_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"

if ! pg_isready -d "$admin_url" -q 2>/dev/null; then
  if [ -z "${TEST_DATABASE_ADMIN_URL:-}" ] && [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not running: starting it."
    version="$(ls /etc/postgresql | sort -V | tail -n 1)"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do pg_isready -d "$admin_url" -q && break; sleep 1; done
  fi
  if ! pg_isready -d "$admin_url" -q; then
    echo "The tests need a PostgreSQL server at $admin_url (set TEST_DATABASE_ADMIN_URL to use another)." >&2
    exit 1
  fi
fi

# Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
# headless): the same engine without the desktop browser's UI process, about a sixth less time per test.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium's headless shell is missing: installing Debian's chromium-headless-shell package."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  else
    echo "The browser tests need Chromium at $chromium: install Debian's chromium-headless-shell package or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

dovecot="${DOVECOT_PATH:-/usr/sbin/dovecot}"
if [ ! -x "$dovecot" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Dovecot is missing: installing Debian's dovecot-imapd package."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null
    # The package starts the system's Dovecot on port 143; the tests run their own instances on
    # free ports, so the system one only holds a port and processes.
    if pgrep -x dovecot >/dev/null && [ -f /run/dovecot/master.pid ]; then
      kill "$(cat /run/dovecot/master.pid)" 2>/dev/null || true
    fi
  else
    echo "The mail tests need Dovecot at $dovecot: install Debian's dovecot-imapd package or set DOVECOT_PATH." >&2
    exit 1
  fi
fi

# BIND 9 serves the DNS tests' zones on loopback (server/test/dns-server.ts); Pigeonhole's Sieve
# files the deliverability tests' junk at the Dovecot seed inbox (dovecot-lda with a Sieve rule).
install_for_tests() { # binary package why
  if [ ! -x "$1" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      echo "$3: installing Debian's $2 package."
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    else
      echo "$3: install Debian's $2 package." >&2
      exit 1
    fi
  fi
}
install_for_tests "${NAMED_PATH:-/usr/sbin/named}" bind9 "The DNS tests need BIND's named"
# The package may start the system's named on port 53; the tests run their own on free ports.
if pgrep -x named >/dev/null && [ -f /run/named/named.pid ]; then kill "$(cat /run/named/named.pid)" 2>/dev/null || true; fi
install_for_tests /usr/bin/sievec dovecot-sieve "The deliverability tests need Dovecot's Sieve (Pigeonhole)"
install_for_tests "${CADDY_PATH:-/usr/bin/caddy}" caddy "The HTTPS proxy test (compose's Caddyfile in front of tracking domains) needs Caddy"
# The package may start the system's Caddy on ports 80 and 443; the test runs its own on free ports.
if pgrep -x caddy >/dev/null && command -v systemctl >/dev/null; then systemctl stop caddy 2>/dev/null || true; fi
