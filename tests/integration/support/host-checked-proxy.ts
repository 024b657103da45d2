import http from 'node:http';
import { forbiddenHostError, isAllowedHost } from '../../../lib/security/allowed-host';
import { machineAddresses } from '../../../lib/security/machine-addresses';

export interface HostCheckedProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback proxy that applies the host check (lib/security/allowed-host.ts, SITE_URL unset) before passing a
 * request on to `target`, as the server will in front of every request: it shows the check alone satisfies
 * what a DNS-rebinding test asks.
 */
export async function startHostCheckedProxy(target: string): Promise<HostCheckedProxy> {
  const server = http.createServer((request, response) => {
    if (!isAllowedHost(request.headers.host, { ownAddresses: machineAddresses() })) {
      const error = forbiddenHostError(request.headers.host);
      response.writeHead(error.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(error.toBody()));
      return;
    }
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
