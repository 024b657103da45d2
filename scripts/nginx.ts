import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Debian's nginx, which `npm test` installs when it is missing (scripts/test-all.sh). */
export const NGINX = '/usr/sbin/nginx';

export const hasNginx = (): boolean => fs.existsSync(NGINX);

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * The recipe's nginx (deploy/nginx/nginx.conf.template), filled in as compose.yaml fills it, in front of
 * `upstreams` (host:port each) on a loopback `port`; `edit` may change the configuration (a cache that ignores
 * Vary). Its state (pid, temporary files, the cache) lives in a folder of its own, removed at stop. The tests
 * (tests/integration/support/nginx.ts) and the benchmark (bench/run.ts) start it.
 */
export async function startNginx(
  upstreams: [string, string],
  port: number,
  edit = (conf: string) => conf,
): Promise<RunningNginx> {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  // nginx's workers run as an unprivileged user when it starts as root: they must be able to write its state.
  fs.chmodSync(state, 0o777);
  for (const folder of ['cache', 'client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(state, folder), { mode: 0o777 });
    fs.chmodSync(path.join(state, folder), 0o777);
  }
  const values: Record<string, string> = {
    NGINX_STATE_DIR: state,
    NGINX_LISTEN: `127.0.0.1:${port}`,
    SITE_UPSTREAM_A: upstreams[0],
    SITE_UPSTREAM_B: upstreams[1],
  };
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf.template'), 'utf8');
  const conf = path.join(state, 'nginx.conf');
  fs.writeFileSync(conf, edit(template.replace(/\$\{(\w+)\}/g, (all, name: string) => values[name] ?? all)));
  execFileSync(NGINX, ['-t', '-q', '-e', 'stderr', '-p', state, '-c', conf], { stdio: 'pipe' });
  const child: ChildProcess = spawn(NGINX, ['-e', 'stderr', '-p', state, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start: ${log}`);
    if (
      await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error(`nginx did not answer within 10 s: ${log}`);
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      fs.rmSync(state, { recursive: true, force: true });
    },
  };
}
