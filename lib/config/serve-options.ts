import { z } from 'zod';

const Port = z.coerce.number().int().min(0).max(65535);

export interface ServeOptions {
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
    if (flag === '-p' || flag === '--port') port = value();
    else if (flag === '-H' || flag === '--hostname') hostname = value();
    else throw new Error(`Unknown argument ${arg}: the server takes -p/--port and -H/--hostname, as next start does.`);
  }
  const parsed = Port.safeParse(port ?? 3000);
  if (!parsed.success) throw new Error(`The port must be a number from 0 to 65535; got ${port}.`);
  return { port: parsed.data, hostname };
}
