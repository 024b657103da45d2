import http from 'node:http';

/** fetch's shape, for a request sent from a given address. Redirects are never followed (as `redirect: 'manual'`). */
export type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * fetch from `localAddress` (on Linux every 127.x.y.z is this machine): to the app, another client with an
 * address, and so quotas, of its own, on either serving path and without trusting a forwarding header.
 */
export function fetchFrom(localAddress: string): Fetch {
  return async (url, init) => {
    const request = new Request(url, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const sent = http.request(request.url, { method: request.method, headers, localAddress }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const received = new Headers();
          for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
            received.append(answer.rawHeaders[i] ?? '', answer.rawHeaders[i + 1] ?? '');
          }
          const status = answer.statusCode ?? 0;
          const bodiless = request.method === 'HEAD' || [204, 205, 304].includes(status);
          resolve(new Response(bodiless ? null : Buffer.concat(chunks), { status, headers: received }));
        });
      });
      sent.on('error', reject);
      sent.end(body);
    });
  };
}

let lastHost = 1;

/** A client on a loopback address no other call of this process was given (127.0.0.2 to 127.0.0.254). */
export function newLoopbackClient(): { address: string; fetch: Fetch } {
  lastHost += 1;
  if (lastHost > 254) throw new Error('every loopback address of 127.0.0.0/24 was handed out already');
  const address = `127.0.0.${lastHost}`;
  return { address, fetch: fetchFrom(address) };
}
