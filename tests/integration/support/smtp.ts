import net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** `body`: the BODY parameter of MAIL FROM (RFC 6152: `8BITMIME` when the message may hold 8bit text). */
  envelope: { from: string; to: string[]; body?: string };
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  user: string;
  pass: string;
  received: ReceivedMail[];
  /** Authentication attempts, successful or not. */
  authAttempts: number;
  /** The app's environment to send through this server. */
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** The app's environment to send through a loopback SMTP server on `port` with these credentials. */
export function smtpEnv(
  port: number,
  user: string,
  pass: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_USER: user,
    SMTP_PASS: pass,
    SMTP_SECURE: 'false',
    MAIL_TO: 'inbox@consultant.test',
    MAIL_FROM: 'Website <website@consultant.test>',
    ...overrides,
  };
}

export interface SmtpServerOptions {
  /** Refuse every RCPT TO with 550. */
  rejectRecipients?: boolean;
  /** Answer each MAIL FROM this late: a mail server slow to take a message, which is lost if the sender quits. */
  mailFromDelayMs?: number;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that requires authentication and keeps what it
 * receives, parsed with mailparser. STARTTLS is disabled: smtp-server's bundled certificate has expired.
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const user = 'site';
  const pass = `secret-${Math.random().toString(36).slice(2)}`;
  const received: ReceivedMail[] = [];
  const state = { authAttempts: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      state.authAttempts += 1;
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      setTimeout(() => callback(), options.mailFromDelayMs ?? 0);
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients)
        callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const args = session.envelope.mailFrom ? session.envelope.mailFrom.args : false;
        const body = args && 'BODY' in args ? String(args.BODY) : undefined;
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                ...(body === undefined ? {} : { body }),
              },
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: '127.0.0.1',
    port,
    user,
    pass,
    received,
    get authAttempts() {
      return state.authAttempts;
    },
    env: (overrides = {}) => smtpEnv(port, user, pass, overrides),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word: an SMTP server that stopped answering. */
export async function startSilentServer(): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
