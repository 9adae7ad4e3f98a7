#!/usr/bin/env bash
# The server and API tests again, on a throwaway PostgreSQL 15 (CI runs this after `npm test`). The outage test
# stops and starts that server, so it runs alone, after the others.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/with-postgres.sh bash -c 'npx vitest run server --exclude server/db/outage.test.ts && npx vitest run server/db/outage.test.ts'
