#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it: static checks, unit and database tests on a
# real PostgreSQL, then the browser tests against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund
bash scripts/ensure-test-services.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and database tests"; npx vitest run
echo "== production build"; npm run --silent build
echo "== browser tests"; npx playwright test
