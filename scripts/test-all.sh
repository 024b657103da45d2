#!/usr/bin/env bash
# `npm test`: sets up and runs every test on a fresh machine (Node 20 and npm are all it needs; as root it
# installs Debian's Chromium when missing). Steps: dependencies, content check, types and lint side by side,
# production build, the integration tests' second build (after a content edit), vitest (unit, then integration on
# both serving paths), Playwright (Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
step() { printf '\n== %s (%s)\n' "$*" "$(date -u +%T)"; }

step "dependencies"
npm install --no-audit --no-fund

if ! command -v chromium >/dev/null 2>&1; then
  step "Debian's Chromium (missing)"
  if [ "$(id -u)" -eq 0 ]; then apt=(apt-get); else apt=(sudo apt-get); fi
  "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq chromium >/dev/null
fi

# The Redis tests start their own redis-server on a free loopback port; Debian's package provides it.
if ! command -v redis-server >/dev/null 2>&1; then
  step "Debian's redis-server (missing)"
  if [ "$(id -u)" -eq 0 ]; then apt=(apt-get); else apt=(sudo apt-get); fi
  "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq redis-server >/dev/null
fi

step "production dependencies: npm audit --omit=dev (high or critical fails the run)"
audit_status=0
npm run --silent audit || audit_status=$?
if [ "$audit_status" -eq 1 ]; then exit 1; fi
if [ "$audit_status" -ne 0 ]; then echo "WARNING: the audit could not run here (exit $audit_status); no verdict on advisories."; fi

step "content check"
npm run --silent check

# tsc and ESLint each use one core: side by side they take the time of the longer one.
step "types and lint, side by side (tsc; ESLint with Next's rules, Prettier)"
checks_log=$(mktemp -d)
npm run --silent typecheck >"$checks_log/types" 2>&1 &
types_pid=$!
lint_status=0
npm run --silent lint >"$checks_log/lint" 2>&1 || lint_status=$?
types_status=0
wait "$types_pid" || types_status=$?
printf -- '-- types (exit %s)\n' "$types_status"
cat "$checks_log/types"
printf -- '-- lint and format (exit %s)\n' "$lint_status"
cat "$checks_log/lint"
rm -rf "$checks_log"
if [ "$types_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then exit 1; fi
# tsc has checked every file the build compiles (next.config.ts), so the build does not check them again.
step "production build"
TYPES_CHECKED_BY_TSC=1 npm run --silent build
# Two integration files serve a redeploy after a content edit: that build is made here, from Next's build cache.
step "the integration tests' second build (content edited, built again from Next's build cache)"
npx tsx tests/integration/support/prepare-edited-build.ts

mkdir -p test-reports
rm -f test-reports/*.json
step "unit and integration tests (vitest)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?
step "browser tests (Playwright, Debian's Chromium)"
playwright_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json || playwright_status=$?

step "summary"
node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json
exit $(( vitest_status || playwright_status ))
