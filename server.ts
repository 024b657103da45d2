/**
 * The project's server (`npm start`): Next's documented custom server with the request pipeline in front.
 * Start-up finishes before it listens: configuration checked, embedded inbox started, stores chosen, then the answers
 * the fast path serves asked of Next once (lib/server/load-build.ts). Then every request goes guard -> fast path -> Next (lib/server/pipeline.ts).
 * SIGTERM or SIGINT stops it gracefully (lib/start-up/graceful-stop.ts).
 */
import { createServer } from 'node:http';
import { distDir } from '@/lib/config/dist-dir';
import { serveOptionsOrExit } from '@/lib/config/serve-options';
import { limitConnections } from '@/lib/security/connection-limits';
import { fastPathFromNext, loadBuild } from '@/lib/server/load-build';
import { missingAssetStep } from '@/lib/server/missing-asset';
import { requestPipeline } from '@/lib/server/pipeline';
import { stopGracefullyOnSignal } from '@/lib/start-up/graceful-stop';
import { listenOrExit } from '@/lib/start-up/listen';
import { projectServer } from '@/lib/start-up/project-server';
import { startServices } from '@/lib/start-up/services';
import { siteHostCheck } from '@/lib/security/site-host';

// Next runs React in production mode only with NODE_ENV=production, which `next start` sets itself. Whether the
// environment set it says whether this is a live site (lib/config/live-site.ts), so start-up hears the value given.
const givenNodeEnv = process.env.NODE_ENV;
Object.assign(process.env, { NODE_ENV: givenNodeEnv ?? 'production' });
const { port, hostname } = serveOptionsOrExit(process.argv.slice(2), process.env);
const config = await startServices(givenNodeEnv);
const build = loadBuild(distDir());

projectServer.running = true;
const { default: next } = await import('next');
const app = next({ dev: false, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const { fastPath, nextHeadersFor } = await fastPathFromNext(
  (request, response) => handle(request, response),
  config,
  build,
);

const server = createServer(
  requestPipeline(
    {
      trustProxy: config.TRUST_PROXY,
      isSiteHost: siteHostCheck(config),
      serverActionIds: build.serverActionIds,
      nextHeadersFor,
    },
    fastPath,
    handle,
    missingAssetStep(distDir(), nextHeadersFor),
  ),
);
limitConnections(server);
await listenOrExit(server, port, hostname);
console.log(`Ready on http://${hostname ?? 'localhost'}:${port}`);

stopGracefullyOnSignal(server);
