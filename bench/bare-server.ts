import http from 'node:http';

/**
 * The limit of this machine: a bare Node http server on loopback that answers every request with one canned
 * response (status, headers and body captured from the app by bench/run.ts), so it sends the same bytes as the
 * target it stands beside. It reads the request body before answering, as the app must. Run by bench/run.ts as
 * a child process (its own core, like `next start`); the parent sets the response over IPC.
 */
interface Canned {
  status: number;
  /** Flat [name, value, name, value, ...], as http's rawHeaders and writeHead take them. */
  headers: string[];
  body: string;
}

let status = 200;
let headers: string[] = [];
let body = Buffer.alloc(0);

const server = http.createServer((request, response) => {
  request.on('data', () => {});
  request.on('end', () => {
    response.writeHead(status, headers);
    response.end(body);
  });
});

process.on('message', (message: Canned) => {
  status = message.status;
  headers = message.headers;
  body = Buffer.from(message.body, 'base64');
  process.send?.('ready');
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
