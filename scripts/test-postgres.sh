#!/usr/bin/env bash
# The server and API tests again, on a throwaway PostgreSQL 15 (CI runs this after `npm test`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/with-postgres.sh npx vitest run server
