import { z } from 'zod';

const Port = z.coerce.number().int().min(0).max(65535);

interface ServeOptions {
  port: number;
  /** Undefined: every interface, as `next start` listens by default. */
  hostname?: string;
}

/**
 * `next start`'s interface: `-p/--port` (else PORT, else 3000) and `-H/--hostname`, as `-p 3000`, `--port=3000`.
 * Throws an Error naming the bad argument.
 */
export function parseServeOptions(args: readonly string[], env: Record<string, string | undefined>): ServeOptions {
  let port: string | undefined = env.PORT || undefined;
  let portFrom = 'PORT';
  let hostname: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const value = () => {
      const given = inline ?? args[(i += 1)];
      if (!given) throw new Error(`${flag} needs a value.`);
      return given;
    };
    if (flag === '-p' || flag === '--port') [port, portFrom] = [value(), flag];
    else if (flag === '-H' || flag === '--hostname') hostname = value();
    else throw new Error(`Unknown argument ${arg}: the server takes -p/--port and -H/--hostname, as next start does.`);
  }
  const parsed = Port.safeParse(port ?? 3000);
  if (!parsed.success) throw new Error(`${portFrom} must be a port number from 0 to 65535; got ${port}.`);
  return { port: parsed.data, hostname };
}

/** parseServeOptions, or, for a bad argument, its message on one line and exit 1 (a stack trace says no more). */
export function serveOptionsOrExit(args: readonly string[], env: Record<string, string | undefined>): ServeOptions {
  try {
    return parseServeOptions(args, env);
  } catch (error) {
    console.error(`[server] ${(error as Error).message}`);
    process.exit(1);
  }
}
