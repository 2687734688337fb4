#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it: static checks, the production build, unit and
# database tests on a real PostgreSQL (some start the built Herald as a child process), then the
# browser tests against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund
bash scripts/ensure-test-services.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== production build"; npm run --silent build
echo "== unit, database and process tests"; npx vitest run
echo "== browser tests"; npx playwright test
