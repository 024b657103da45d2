import type { Server } from 'node:http';

/** The one line said when another program holds the port, with what to do about it. */
export const portInUseLine = (port: number): string =>
  `[server] another server is using port ${port}: stop it, or choose another port with -p ` +
  `(npm start -- -p ${port < 65535 ? port + 1 : port - 1}) or PORT.`;

/** What the owner can do when the port cannot be had, by Node's error code; other failures keep their stack. */
const PLAIN_REASONS: Record<string, (port: number, hostname: string) => string> = {
  EADDRINUSE: portInUseLine,
  EACCES: (port) =>
    `[server] this user may not listen on port ${port} (ports below 1024 need more rights): choose another port ` +
    'with -p or PORT, and put a proxy in front for port 80 or 443.',
  EADDRNOTAVAIL: (port, hostname) =>
    `[server] ${hostname} is not an address of this machine, so port ${port} cannot be listened on there: ` +
    'choose another with -H, or leave -H out to listen on every interface.',
};

/**
 * Listens on `port` at `hostname` (every interface when undefined). A port that cannot be had stops the process
 * with one line saying why and what to do, and exit 1: a server left running without its port serves no one.
 */
export function listenOrExit(server: Server, port: number, hostname: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => {
      const reason = PLAIN_REASONS[error.code ?? ''];
      if (!reason) return reject(error);
      console.error(reason(port, hostname ?? 'every interface'));
      process.exit(1);
    };
    server.once('error', refused);
    server.listen(port, hostname, () => {
      server.off('error', refused);
      resolve();
    });
  });
}
