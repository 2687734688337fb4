#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it: the test services (PostgreSQL, Chromium,
# Dovecot, BIND), the unit tests (no database, no build), the production build, the database and
# process tests on a real PostgreSQL (the process tests start the built Herald as a child process)
# with the static checks (typecheck, lint) beside them, then the browser tests against the
# production build. The vitest projects are described in vitest.config.ts.
# At the end, pass or fail, it prints the wall time of each phase and the 15 slowest test files
# (scripts/test-timings.mjs), from the reports it leaves in .test-reports/.
set -euo pipefail
cd "$(dirname "$0")/.."

reports="${HERALD_TEST_REPORTS:-.test-reports}"
export HERALD_TEST_REPORTS="$reports"
# test-results/ is the browser tests' output (screenshots, page snapshots): a failure printed at the end is this run's.
rm -rf "$reports" test-results
mkdir -p "$reports"

milliseconds() { date +%s%3N; }
suite_start="$(milliseconds)"
background=()
finish() {
  # A phase still running in the background when the suite stops (a failure) stops with it.
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null || true; done
  # A failed browser test's page as Playwright saw it (its accessibility snapshot): CI keeps only this
  # log, and an assertion's "element not found" says nothing of what the page showed instead.
  find test-results -name error-context.md 2>/dev/null | head -n 3 | while read -r context; do
    echo "== the page at the failure: $context"
    head -n 150 "$context"
  done
  [ -z "${e2e_template:-}" ] || node scripts/prepare-e2e-template.mjs --drop "$e2e_template" >/dev/null 2>&1 || true
  printf 'the whole suite\t%s\t-\n' "$(($(milliseconds) - suite_start))" >>"$reports/phases.tsv"
  node scripts/test-timings.mjs "$reports" || true
}
trap finish EXIT

record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$reports/phases.tsv"; }

# phase NAME COMMAND...: runs one phase, records its wall time, and stops the suite if it fails.
phase() {
  local name="$1" start status=0
  shift
  echo "== $name"
  start="$(milliseconds)"
  "$@" || status=$?
  record "$name" "$(($(milliseconds) - start))" "$status"
  return "$status"
}

# beside NAME COMMAND...: starts a phase in the background, its output kept aside until `collect NAME`.
beside() {
  local name="$1"
  shift
  (
    start="$(milliseconds)"
    status=0
    "$@" >"$reports/$name.log" 2>&1 || status=$?
    record "$name (beside)" "$(($(milliseconds) - start))" "$status"
    exit "$status"
  ) &
  background+=("$!")
  eval "pid_$name=$!"
}

# collect NAME: waits for a background phase, prints its output, and stops the suite if it failed.
collect() {
  local name="$1" pid status=0
  pid="$(eval echo "\$pid_$name")"
  wait "$pid" || status=$?
  echo "== $name"
  cat "$reports/$name.log"
  return "$status"
}

vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$reports/vitest-$1.json"; }

[ -d node_modules ] || npm install --no-audit --no-fund
# First, so that a fresh machine has what even the unit tests start (BIND's named for the DNS tests).
phase "test services" bash scripts/ensure-test-services.sh
# shellcheck disable=SC2046
phase "unit tests" npx vitest run --project unit $(vitest_json unit)
phase "production build" npm run --silent build
# The static checks are single-threaded and the database and process tests spend much of their time
# waiting on PostgreSQL and child processes: side by side, the two cores stay busy.
beside typecheck npm run --silent typecheck
beside lint npm run --silent lint
# The browser tests' template database (migrated, with their company data), made now rather than
# in their global setup, where both workers would wait for it.
e2e_template="herald_e2e_template_$(date +%s)_$$"
beside browser_template node scripts/prepare-e2e-template.mjs "$e2e_template"
# One run for both projects, so that the slow files of each share the workers.
# shellcheck disable=SC2046
phase "database and process tests" npx vitest run --project db --project process $(vitest_json db+process)
collect typecheck
collect lint
collect browser_template
export HERALD_E2E_TEMPLATE="$e2e_template"
phase "browser tests" npx playwright test
