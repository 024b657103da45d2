/**
 * The project's server (`npm start`): Next's documented custom server, with what needs the raw socket in front
 * (lib/security/request-guard.ts, connection-limits.ts). Next serves every request; proxy.ts holds the request rules
 * under this server and bare `next start` alike (docs/serving.md). Start-up finishes before it listens:
 * configuration checked, embedded inbox started, stores opened. SIGTERM or SIGINT stops it gracefully
 * (lib/start-up/graceful-stop.ts).
 */
import { createServer } from 'node:http';
import { distDir } from '@/lib/config/dist-dir';
import { serveOptionsOrExit } from '@/lib/config/serve-options';
import { readBuildId, readServerActionIds } from '@/lib/next/build-output';
import { limitConnections } from '@/lib/security/connection-limits';
import { guardedRequests } from '@/lib/security/request-guard';
import { stopGracefullyOnSignal } from '@/lib/start-up/graceful-stop';
import { listenOrExit } from '@/lib/start-up/listen';
import { projectServer } from '@/lib/start-up/project-server';
import { startServices } from '@/lib/start-up/services';

// Next runs React in production mode only with NODE_ENV=production, which `next start` sets itself. Whether the
// environment set it says whether this is a live site (lib/config/live-site.ts), so start-up hears the value given.
const givenNodeEnv = process.env.NODE_ENV;
Object.assign(process.env, { NODE_ENV: givenNodeEnv ?? 'production' });
const { port, hostname } = serveOptionsOrExit(process.argv.slice(2), process.env);
if (!readBuildId(distDir())) {
  console.error(`There is no production build in ${distDir()}: run npm run build first.`);
  process.exit(1);
}
const config = await startServices(givenNodeEnv);

projectServer.running = true;
const { default: next } = await import('next');
const app = next({ dev: false, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer(
  guardedRequests(
    { trustProxy: config.TRUST_PROXY, serverActionIds: readServerActionIds(distDir()) },
    (request, response) => handle(request, response),
  ),
);
limitConnections(server);
await listenOrExit(server, port, hostname);
console.log(`Ready on http://${hostname ?? 'localhost'}:${port}`);

stopGracefullyOnSignal(server);
