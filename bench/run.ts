import os from 'node:os';
import autocannon, { type Result } from 'autocannon';
import {
  type Captured,
  DIST_DIR,
  buildApp,
  capture,
  freePort,
  previousBuildUrl,
  startApp,
  startBareServer,
} from './app';
import { cliOptions, runMain } from './cli';
import { MAX_P99_MS, TARGETS, type Target } from './targets';
import { startSigningAgent } from '../tests/fixtures/signing-agent';
import { type RunningNginx, hasNginx, startNginx } from '../scripts/nginx';

/**
 * `npm run bench`: builds the app into .next-bench with SITE_URL on loopback, serves it with
 * `next start`, and measures each target with autocannon (50 connections) beside a bare Node http server
 * answering the same bytes: the limit of this machine in this run. Bare, app, app, bare, half the time each, so
 * that a load drifting during the run weighs on both alike; each run's first 1.5 s (50 connections opening at
 * once) is not measured. Prints req/s, p50, p99, errors and the ratio to the limit; exits 1 when a target with a
 * floor misses it or its p99 reaches 100 ms, or any request fails.
 *
 * The targets through the shared cache are asked of the recipe's nginx (deploy/nginx, Debian's package) in front
 * of the app; without nginx they are left out, and the run says so.
 *
 * Options: --duration=<s> per target (default 5), --warmup=<s> of the app before each target (default 3),
 * --connections=<n> (default 50), --no-build (reuse the last bench build), --only=<text> (targets whose name
 * contains it).
 */
const args = cliOptions();
const DURATION = Number(args.get('duration') ?? 5);
const WARMUP = Number(args.get('warmup') ?? 3);
const CONNECTIONS = Number(args.get('connections') ?? 50);
const only = args.get('only');

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Seconds at the start of every run that are not measured: 50 connections opening at once queue up for a moment. */
const RAMP_SECONDS = 1.5;

/**
 * One autocannon run of RAMP_SECONDS + `seconds`; requests answered in the first RAMP_SECONDS are not measured
 * (the connections are opening), so req/s and the latencies are those of 50 open connections. Errors count
 * from the first request.
 */
async function measure(
  url: string,
  target: Target,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measured> {
  const instance = autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: RAMP_SECONDS + seconds,
    timeout: 10,
  });
  const latencies: number[] = [];
  let from = Number.POSITIVE_INFINITY;
  const ramp = setTimeout(() => (from = performance.now()), RAMP_SECONDS * 1000);
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (performance.now() >= from) latencies.push(responseTime);
  });
  const result: Result = await instance;
  clearTimeout(ramp);
  const elapsed = (performance.now() - from) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { reqPerSec: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors: result.errors + result.non2xx };
}

/** Two halves of one measurement: mean req/s and p50, the worse p99, every error. */
function combine(a: Measured, b: Measured): Measured {
  return {
    reqPerSec: (a.reqPerSec + b.reqPerSec) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
  };
}

function check(target: Target, captured: Captured): void {
  const type =
    captured.headers[
      captured.headers.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'content-type') + 1
    ] ?? '';
  const body = captured.body.toString('utf8');
  if (captured.status !== 200 || !target.expect.type.test(type) || !body.includes(target.expect.body)) {
    throw new Error(`${target.name}: unexpected answer ${captured.status} ${type}: ${body.slice(0, 300)}`);
  }
}

/** Opens an MCP session (initialize, then notifications/initialized) and returns the headers that name it. */
async function openMcpSession(url: string): Promise<Record<string, string>> {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const init = await fetch(`${url}/api/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
  });
  const session = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !session) throw new Error(`MCP initialize failed: ${init.status} ${await init.text()}`);
  const named = { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-03-26' };
  await fetch(`${url}/api/mcp`, {
    method: 'POST',
    headers: { ...headers, ...named },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return named;
}

/**
 * A target's cost beside the one its maxCostOf names (req/s of that one / req/s of this one), measured earlier
 * in the same run; undefined when it names none or that one was not measured (--only).
 */
function costBeside(
  target: Target,
  reqPerSec: number,
  measured: ReadonlyMap<string, number>,
): { times: number; ok: boolean } | undefined {
  const other = target.maxCostOf && measured.get(target.maxCostOf.target);
  if (!target.maxCostOf || other === undefined) return undefined;
  const times = other / reqPerSec;
  return { times, ok: times <= target.maxCostOf.times };
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const pad = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');

async function main(): Promise<number> {
  const chosen = TARGETS.filter((target) => !only || target.name.includes(only));
  const targets = hasNginx() ? chosen : chosen.filter((target) => !target.throughSharedCache);
  if (targets.length < chosen.length)
    console.log('bench: no nginx here: the targets through the shared cache are left out');
  const reuse = args.has('no-build') ? previousBuildUrl() : undefined;
  const siteUrl = reuse ?? `http://127.0.0.1:${await freePort()}`;
  const loadBefore = os.loadavg();
  console.log(
    `bench: Node ${process.version}, ${os.cpus().length} cores, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `bench: ${DIST_DIR} built with SITE_URL=${siteUrl}; RATE_LIMIT_PER_MINUTE=0 and SCHEDULE_LIMIT_PER_HOUR=0 (quotas off for the run)`,
  );
  console.log(
    `bench: autocannon, ${CONNECTIONS} connections; per target ${DURATION} s measured on the app and ${DURATION} s on its limit, each run after ` +
      `${RAMP_SECONDS} s of connections opening, the app warmed up for ${WARMUP} s first; loopback only`,
  );
  if (!reuse) {
    console.log('bench: npm run build ...');
    buildApp(siteUrl);
  }
  // A signer whose key directory is served on loopback and listed, for the signed targets.
  const signer = await startSigningAgent();
  const app = await startApp(siteUrl, { WEB_BOT_AUTH_SIGNERS: signer.origin });
  const bare = await startBareServer();
  const appHost = new URL(app.url).host;
  const edge: RunningNginx | undefined = targets.some((target) => target.throughSharedCache)
    ? await startNginx([appHost, appHost], await freePort())
    : undefined;
  const rows: string[][] = [];
  const measured = new Map<string, number>();
  let failed = 0;
  try {
    const session = targets.some((target) => target.mcpSession) ? await openMcpSession(app.url) : {};
    for (const target of targets) {
      const url = target.throughSharedCache && edge ? edge.url : app.url;
      // One signature, valid for the whole run, is replayed: the app checks it once and remembers the check.
      const signature = target.signed
        ? await signer.sign(`${url}${target.path}`, { method: target.method, expiresIn: 3600 })
        : {};
      const headers = { ...target.headers, ...(target.mcpSession ? session : {}), ...signature };
      const captured = await capture(`${url}${target.path}`, target.method, headers, target.body);
      check(target, captured);
      await bare.serve(captured);
      // Next's code needs seconds of load before the JIT has made it fast.
      await measure(url, target, headers, WARMUP);
      const half = DURATION / 2;
      const bare1 = await measure(bare.url, target, headers, half);
      const app1 = await measure(url, target, headers, half);
      const app2 = await measure(url, target, headers, half);
      const bare2 = await measure(bare.url, target, headers, half);
      const limit = combine(bare1, bare2);
      const result = combine(app1, app2);
      const ratio = result.reqPerSec / limit.reqPerSec;
      measured.set(target.name, result.reqPerSec);
      const cost = costBeside(target, result.reqPerSec, measured);
      // A row without a floor is reported only: its speed and latency are Next's own, held to no bound.
      const bounded = target.floor !== undefined;
      const ok =
        result.errors === 0 &&
        (!bounded || (ratio >= (target.floor ?? 0) && result.p99 < MAX_P99_MS)) &&
        (cost?.ok ?? true);
      if (!ok) failed += 1;
      const row = [
        target.name,
        fmt(result.reqPerSec),
        fmt(result.p50),
        fmt(result.p99),
        String(result.errors),
        fmt(limit.reqPerSec),
        fmt(ratio, 3),
        bounded ? `>= ${target.floor?.toFixed(3)}` : 'reported',
        cost ? `${fmt(cost.times, 2)}x (<= ${target.maxCostOf?.times})` : '',
        ok ? (bounded ? 'ok' : '') : 'MISSED',
      ];
      rows.push(row);
      console.log(`bench: ${row.join(' | ')}`);
    }
  } finally {
    await edge?.stop();
    await bare.stop();
    await app.stop();
    await signer.close();
  }
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'limit req/s', 'ratio', 'floor', 'cost', ''];
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  console.log(`\n${pad(header, widths)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(pad(row, widths));
  console.log(
    `\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(failed === 0 ? `every target met (p99 under ${MAX_P99_MS} ms, no errors)` : `${failed} target(s) MISSED`);
  return failed === 0 ? 0 : 1;
}

runMain(main);
