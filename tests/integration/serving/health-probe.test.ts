import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';

/**
 * The health probe on the project's server: 200 while it serves, unmetered, and 503 from the SIGTERM on, for
 * STOP_DELAY_SECONDS while the port stays open, so a load balancer stops routing before the process exits.
 * Bare `next start` closes its port at the signal (docs/deployment.md, "Health checks").
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ STOP_DELAY_SECONDS: '2', RATE_LIMIT_PER_MINUTE: '2' }, 'project');
});
afterAll(() => app?.stop());

describe('GET /api/health', () => {
  it('answers 200 while serving, past the general quota and without its headers', async () => {
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${app.url}/api/health`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers 503 once SIGTERM has come, while pages are still served, then the process exits', async () => {
    const exited = new Promise<number | null>((resolve) => {
      const pid = app.pid ?? 0;
      const poll = setInterval(() => {
        try {
          process.kill(pid, 0);
        } catch {
          clearInterval(poll);
          resolve(null);
        }
      }, 50);
    });
    process.kill(app.pid ?? 0, 'SIGTERM');
    await app.outputShowing('the health probe answers 503');
    const probe = await fetch(`${app.url}/api/health`);
    expect(probe.status).toBe(503);
    expect(await probe.json()).toEqual({ status: 'stopping' });
    expect((await fetch(`${app.url}/about`)).status).toBe(200);
    await exited;
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
  });
});
