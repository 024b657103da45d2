import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { smtpEnv } from './smtp';

/**
 * How the server behaves from the next transaction on:
 * - ok: accepts the message;
 * - slow: accepts it after `delayMs`;
 * - stall-after-auth: never answers AUTH;
 * - stall-after-data: takes the whole message, then never says whether it accepted it;
 * - drop-during-data: closes the connection while the message is being sent;
 * - refuse-data: answers the message with 451 (a temporary failure).
 */
export type SmtpMode = 'ok' | 'slow' | 'stall-after-auth' | 'stall-after-data' | 'drop-during-data' | 'refuse-data';

export interface FaultySmtpServer {
  port: number;
  mode: SmtpMode;
  delayMs: number;
  /** TCP connections opened to it. */
  readonly connections: number;
  /** Messages whose content reached it, accepted or not. */
  readonly dataTransfers: number;
  /** Messages it accepted (answered 250): the mails that were really delivered. */
  readonly accepted: number;
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** A real smtp-server on loopback, with authentication, that misbehaves on purpose as `mode` says. */
export async function startFaultySmtpServer(initial: SmtpMode = 'ok'): Promise<FaultySmtpServer> {
  const user = 'site';
  const pass = `faulty-${Math.random().toString(36).slice(2)}`;
  const sockets = new Set<net.Socket>();
  const counts = { connections: 0, dataTransfers: 0, accepted: 0 };
  const control = { mode: initial, delayMs: 1500 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    // Stalled sessions must not hold the server open at the end of a test.
    socketTimeout: 60_000,
    onConnect(_session, callback) {
      counts.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (control.mode === 'stall-after-auth') return;
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      const mode = control.mode;
      if (mode === 'drop-during-data') {
        stream.once('data', () => {
          for (const socket of sockets) socket.destroy();
        });
        stream.resume();
        return;
      }
      stream.on('data', () => {});
      stream.on('end', () => {
        counts.dataTransfers += 1;
        if (mode === 'stall-after-data') return;
        if (mode === 'refuse-data') {
          callback(Object.assign(new Error('Temporary local problem, try again later'), { responseCode: 451 }));
          return;
        }
        const accept = () => {
          counts.accepted += 1;
          callback();
        };
        if (mode === 'slow') setTimeout(accept, control.delayMs);
        else accept();
      });
    },
  });
  server.server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    get mode() {
      return control.mode;
    },
    set mode(next: SmtpMode) {
      control.mode = next;
    },
    get delayMs() {
      return control.delayMs;
    },
    set delayMs(next: number) {
      control.delayMs = next;
    },
    get connections() {
      return counts.connections;
    },
    get dataTransfers() {
      return counts.dataTransfers;
    },
    get accepted() {
      return counts.accepted;
    },
    env: (overrides = {}) => smtpEnv(port, user, pass, overrides),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
