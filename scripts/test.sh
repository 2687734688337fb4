#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it: the unit tests first (no database, no build:
# seconds), static checks, the production build, the database and process tests on a real
# PostgreSQL (the process tests start the built Herald as a child process), then the browser tests
# against the production build. The vitest projects are described in vitest.config.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund
echo "== unit tests"; npx vitest run --project unit
bash scripts/ensure-test-services.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== production build"; npm run --silent build
# One run for both, so that the slow files of each share the workers.
echo "== database and process tests"; npx vitest run --project db --project process
echo "== browser tests"; npx playwright test
