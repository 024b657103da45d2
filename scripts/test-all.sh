#!/usr/bin/env bash
# `npm test`: sets up and runs every test on a fresh machine (Node and npm are all it needs; as root it installs
# Debian's Chromium headless shell, redis-server and nginx when missing). Steps: Node 24 for the run, dependencies,
# content check, types, lint and format side by side, production build, the integration tests' second build (after a
# content edit), vitest (unit, then integration on both serving paths), Playwright (Debian's Chromium headless
# shell).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s (%s)\n' "$*" "$(date -u +%T)"; }

# Every step runs on one Node, 24 (the active LTS line; scripts/node-versions.json names it), installed from the
# npm registry into .tools/ when this machine's is another (scripts/with-node.sh);
# tests/integration/serving/node-versions.test.ts serves the build on Node 20 and 22 as well.
TEST_NODE=$(node -p "require('./scripts/node-versions.json').run")
if [ "$(node --version)" != "v$TEST_NODE" ]; then
  step "Node $TEST_NODE for the run (this machine has $(node --version))"
  exec bash scripts/with-node.sh "$TEST_NODE" bash "$0" "$@"
fi
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Node's own compile cache (its module API, "Module compile cache"): the run starts the built app many times, and
# each start after the first reads the compiled code of Next and the app from here rather than compiling it again.
export NODE_COMPILE_CACHE="${TMPDIR:-/tmp}/node-compile-cache"

step "dependencies"
# Debian's packages the tests need, when missing, installed while npm installs: the Chromium headless shell the
# browser tests run in, the redis-server the Redis tests start on a free loopback port, and the nginx the shared
# cache's test runs in front of two instances (deploy/nginx).
missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
apt_pid=""
apt_log=$(mktemp)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then apt=(apt-get); else apt=(sudo apt-get); fi
  echo "installing Debian's ${missing[*]} alongside"
  (
    "${apt[@]}" update -qq
    # Debian starts a package's service on install (nginx on port 80, for everyone): policy-rc.d's 101 says not
    # to, when none is there already. The tests start the servers they need on loopback ports of their own.
    policy=""
    if [ "$(id -u)" -eq 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy=1
    fi
    status=0
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${missing[@]}" || status=$?
    if [ -n "$policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
    exit "$status"
  ) >"$apt_log" 2>&1 &
  apt_pid=$!
fi
# The lock file pins every version, so npm's cached package lists serve as well as the registry's; npm asks the
# registry for anything its cache lacks, and the plain install runs should the cached lists be too old.
npm install --no-audit --no-fund --prefer-offline || npm install --no-audit --no-fund
if [ -n "$apt_pid" ]; then
  apt_status=0
  wait "$apt_pid" || apt_status=$?
  if [ "$apt_status" -ne 0 ]; then
    cat "$apt_log"
    echo "could not install Debian's ${missing[*]} (exit $apt_status)"
    exit 1
  fi
fi
rm -f "$apt_log"

step "production dependencies: npm audit --omit=dev (high or critical fails the run)"
audit_status=0
npm run --silent audit || audit_status=$?
if [ "$audit_status" -eq 1 ]; then exit 1; fi
if [ "$audit_status" -ne 0 ]; then echo "WARNING: the audit could not run here (exit $audit_status); no verdict on advisories."; fi

step "content check"
npm run --silent check

# tsc, ESLint and Prettier each use about one core: all three at once keep both cores busy to the end.
step "types, lint and format, side by side (tsc; ESLint with Next's rules; Prettier)"
checks_log=$(mktemp -d)
npm run --silent typecheck >"$checks_log/types" 2>&1 &
types_pid=$!
npm run --silent lint:code >"$checks_log/lint" 2>&1 &
lint_pid=$!
format_status=0
npm run --silent lint:format >"$checks_log/format" 2>&1 || format_status=$?
types_status=0
wait "$types_pid" || types_status=$?
lint_status=0
wait "$lint_pid" || lint_status=$?
printf -- '-- types (exit %s)\n' "$types_status"
cat "$checks_log/types"
printf -- '-- lint (exit %s)\n' "$lint_status"
cat "$checks_log/lint"
printf -- '-- format (exit %s)\n' "$format_status"
cat "$checks_log/format"
rm -rf "$checks_log"
if [ "$types_status" -ne 0 ] || [ "$lint_status" -ne 0 ] || [ "$format_status" -ne 0 ]; then exit 1; fi
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
step "browser tests (Playwright, Debian's Chromium headless shell)"
playwright_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json || playwright_status=$?

step "summary"
node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json
exit $(( vitest_status || playwright_status ))
