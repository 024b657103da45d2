import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The deployment id of a build (Next's `deploymentId`, docs/deployment.md, "Rolling updates"): Next puts it on the
 * build's script and style URLs (`?dpl=`) and on its answers, and a browser whose page came from another build
 * reloads the page rather than mix the two. Imported by next.config.ts, which every build and server loads:
 * relative imports only, and no schema library.
 */

/** Next's own setting (its `deploymentId` docs), read by `next build` and `next start` alike. */
export const DEPLOYMENT_ID_SETTING = 'NEXT_DEPLOYMENT_ID';

/** What Next accepts in a deployment id. */
const DEPLOYMENT_ID_CHARACTERS = /[^A-Za-z0-9_-]/g;

/** A new id for one build: the content version it serves (readable in a URL) and random hex (one build, one id). */
export function newDeploymentId(contentVersion: string): string {
  return `${contentVersion.replace(DEPLOYMENT_ID_CHARACTERS, '-')}-${randomBytes(4).toString('hex')}`;
}

/** The id the build in `distDir` was made with (its routes-manifest.json), or undefined when it has none. */
function builtDeploymentId(distDir: string): string | undefined {
  const file = path.join(distDir, 'routes-manifest.json');
  if (!fs.existsSync(file)) return undefined;
  const { deploymentId } = JSON.parse(fs.readFileSync(file, 'utf8')) as { deploymentId?: unknown };
  return typeof deploymentId === 'string' && deploymentId !== '' ? deploymentId : undefined;
}

/**
 * The id a server of the build in `distDir` must use: the build's own. Next takes NEXT_DEPLOYMENT_ID over the
 * config at start too, so one that names another id is refused: the build's pages carry its own id in their HTML.
 */
export function servedDeploymentId(distDir: string, env: NodeJS.ProcessEnv): string | undefined {
  const built = builtDeploymentId(distDir);
  const set = env[DEPLOYMENT_ID_SETTING];
  if (set && built && set !== built) {
    throw new Error(
      `${DEPLOYMENT_ID_SETTING} is ${set} here, but the build in ${distDir} was made as ${built}: set it when ` +
        'building, not when serving, or build again with it (docs/deployment.md, "Rolling updates").',
    );
  }
  return built;
}
