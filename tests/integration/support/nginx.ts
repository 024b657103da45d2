import { type RunningNginx, startNginx as startRecipeNginx } from '../../../scripts/nginx';
import { freePort } from './app';

export { NGINX, hasNginx } from '../../../scripts/nginx';
export type TestNginx = RunningNginx;

/** The recipe's nginx in front of `upstreams` on `port` or a free loopback port (scripts/nginx.ts). */
export async function startNginx(
  upstreams: [string, string],
  edit = (conf: string) => conf,
  port?: number,
): Promise<TestNginx> {
  return startRecipeNginx(upstreams, port ?? (await freePort()), edit);
}
