import { execFileSync } from 'node:child_process';
import path from 'node:path';
import versions from './node-versions.json';

/**
 * The Node versions the project is tested on, written once in node-versions.json (scripts/test-all.sh reads it
 * too). Any version not running the current process is installed on first use by scripts/with-node.sh.
 */

/** The Node `npm test` runs every step on and the site is best served on (the conformance suite and Lighthouse too). */
export const RUN_NODE: string = versions.run;

/** The versions the build is served on, oldest first: the oldest package.json's engines allow, then the LTS lines. */
export const SERVED_NODES: readonly string[] = versions.served;

/** The newest of them. */
export const NEWEST_NODE: string = versions.served.at(-1) ?? versions.run;

const ROOT = path.resolve(import.meta.dirname, '..');

/** The path of Node `version`'s binary: this process's own, or one installed into .tools/ on first use. */
export function nodeBinary(version: string): string {
  if (version === process.version.slice(1)) return process.execPath;
  execFileSync('bash', [path.join(ROOT, 'scripts/with-node.sh'), version, 'node', '--version'], { timeout: 120_000 });
  return path.join(ROOT, '.tools', `node-${version}`, 'bin', 'node');
}
