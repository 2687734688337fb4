#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it: the unit tests first (no database, no build:
# seconds), static checks, the production build, the database and process tests on a real
# PostgreSQL (the process tests start the built Herald as a child process), then the browser tests
# against the production build. The vitest projects are described in vitest.config.ts.
# At the end, pass or fail, it prints the wall time of each phase and the 15 slowest test files
# (scripts/test-timings.mjs), from the reports it leaves in .test-reports/.
set -euo pipefail
cd "$(dirname "$0")/.."

reports="${HERALD_TEST_REPORTS:-.test-reports}"
export HERALD_TEST_REPORTS="$reports"
rm -rf "$reports"
mkdir -p "$reports"
trap 'node scripts/test-timings.mjs "$reports" || true' EXIT

milliseconds() { date +%s%3N; }

# phase NAME COMMAND...: runs one phase, records its wall time, and stops the suite if it fails.
phase() {
  local name="$1" start status=0
  shift
  echo "== $name"
  start="$(milliseconds)"
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(($(milliseconds) - start))" "$status" >>"$reports/phases.tsv"
  return "$status"
}

vitest_json() { echo "--reporter=default --reporter=json --outputFile.json=$reports/vitest-$1.json"; }

[ -d node_modules ] || npm install --no-audit --no-fund
# First, so that a fresh machine has what even the unit tests start (BIND's named for the DNS tests).
phase "test services" bash scripts/ensure-test-services.sh
# shellcheck disable=SC2046
phase "unit tests" npx vitest run --project unit $(vitest_json unit)
phase "typecheck" npm run --silent typecheck
phase "lint" npm run --silent lint
phase "production build" npm run --silent build
# One run for both, so that the slow files of each share the workers.
# shellcheck disable=SC2046
phase "database and process tests" npx vitest run --project db --project process $(vitest_json db+process)
phase "browser tests" npx playwright test
