import { z } from 'zod';

/**
 * Every environment variable the app reads, parsed once with zod. A bad value stops start-up (instrumentation.ts calls
 * `loadConfig`) with a message naming the variable; docs/configuration.md lists them all.
 */
const Bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const Count = (fallback: number) =>
  z.coerce
    .number({ error: 'expected a whole number' })
    .int('expected a whole number')
    .min(0, 'expected 0 or more')
    .default(fallback);
const Empty = z.literal('').transform(() => undefined);
/** A host name or IP address as a Host header names it, without scheme, port or path. */
const HostName = z
  .string()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/, {
    error: 'expected host names such as proxy.example,www.example.org (no scheme, port or path)',
  });

export const ConfigSchema = z
  .object({
    SITE_URL: z
      .url({ protocol: /^https?$/, error: 'expected an absolute http(s) URL such as https://example.com' })
      .or(Empty)
      .optional(),
    SMTP_HOST: z.string().trim().min(1).or(Empty).optional(),
    SMTP_PORT: z.coerce
      .number({ error: 'expected a port number' })
      .int('expected a port number')
      .min(1, 'expected a port from 1 to 65535')
      .max(65535, 'expected a port from 1 to 65535')
      .optional(),
    SMTP_USER: z.string().min(1).or(Empty).optional(),
    SMTP_PASS: z.string().min(1).or(Empty).optional(),
    SMTP_SECURE: Bool.default(false),
    SMTP_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(1000).max(60000).default(10000),
    EMBEDDED_INBOX: Bool.default(false).describe(
      'true keeps mail in the embedded inbox on a live site (a trial): nothing is mailed, the desk says so',
    ),
    MAIL_TO: z.email({ error: 'expected an email address' }).or(Empty).optional(),
    MAIL_FROM: z.string().trim().min(3).or(Empty).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    OUTBOX_DIR: z.string().min(1).optional(),
    INSIGHTS: Bool.default(true),
    DIGEST: Bool.optional(),
    DIGEST_DAY: z
      .enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], { error: 'expected a day: mon, tue, … sun' })
      .default('mon'),
    DIGEST_HOUR: z.coerce
      .number({ error: 'expected an hour from 0 to 23' })
      .int('expected an hour from 0 to 23')
      .min(0, 'expected an hour from 0 to 23')
      .max(23, 'expected an hour from 0 to 23')
      .default(7),
    INSIGHTS_RETENTION_DAYS: z.coerce
      .number({ error: 'expected a whole number of days' })
      .int('expected a whole number of days')
      .min(1, 'expected 1 or more')
      .default(90),
    INQUIRY_RETENTION_DAYS: z.coerce
      .number({ error: 'expected a whole number of days' })
      .int('expected a whole number of days')
      .min(1, 'expected 1 or more')
      .default(90),
    OUTBOX_RETENTION_DAYS: z.coerce
      .number({ error: 'expected a whole number of days' })
      .int('expected a whole number of days')
      .min(1, 'expected 1 or more')
      .default(30),
    RATE_LIMIT_PER_MINUTE: Count(300),
    SCHEDULE_LIMIT_PER_HOUR: Count(5),
    MAIL_LIMIT_PER_DAY: Count(50),
    TRUST_PROXY: Bool.default(false),
    // At most 5 s, so the drain after it still outlasts the slowest mail delivery within the stop's 20 s.
    STOP_DELAY_SECONDS: z.coerce
      .number({ error: 'expected a whole number of seconds from 0 to 5' })
      .int('expected a whole number of seconds from 0 to 5')
      .min(0, 'expected a whole number of seconds from 0 to 5')
      .max(5, 'expected a whole number of seconds from 0 to 5')
      .default(5),
    MCP_MAX_SESSIONS: z.coerce
      .number({ error: 'expected a whole number' })
      .int('expected a whole number')
      .min(1, 'expected 1 or more')
      .default(10_000),
    MCP_SESSION_KEY: z
      .string()
      .min(32, 'expected at least 32 characters, such as the output of `openssl rand -base64 32`')
      .or(Empty)
      .optional()
      .describe('the key that signs MCP session ids; unset, a key fixed in the code (docs/mcp-clients.md)'),
    DESK_SESSION_KEY: z
      .string()
      .min(32, 'expected at least 32 characters, such as the output of `openssl rand -base64 32`')
      .or(Empty)
      .optional()
      .describe("the key that signs the desk's session cookie; unset, a random key kept in the desk's store"),
    MCP_REGISTRY_PUBLIC_KEY: z
      .string()
      .trim()
      .refine((key) => Buffer.from(key, 'base64').length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(key), {
        error: 'expected the base64 of a 32-byte Ed25519 public key (see docs/mcp-clients.md, "MCP Registry")',
      })
      .or(Empty)
      .optional()
      .describe('the public key /.well-known/mcp-registry-auth serves for the MCP Registry; unset, it is 404'),
    ALLOWED_HOSTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(HostName))
      .default([])
      .describe('further host names this site answers to, comma-separated (a proxy, a second domain)'),
    WEB_BOT_AUTH_SIGNERS: z
      .string()
      .transform((value) =>
        value.trim().toLowerCase() === 'none'
          ? []
          : value
              .split(',')
              .map((origin) => origin.trim())
              .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/, error: 'expected origins such as https://chatgpt.com, or none' })
            .transform((url) => new URL(url).origin),
        ),
      )
      .default(['https://chatgpt.com'])
      .describe(
        'origins whose Web Bot Auth key directories are fetched to verify signed requests (docs/agents-and-crawlers.md)',
      ),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL such as redis://localhost:6379' })
      .or(Empty)
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_HOST && (!env.SMTP_USER || !env.SMTP_PASS)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMTP_USER ? 'SMTP_PASS' : 'SMTP_USER'],
        message: 'required when SMTP_HOST is set: mail is sent over authenticated SMTP',
      });
    }
    const smtpDetails = (['SMTP_USER', 'SMTP_PASS', 'SMTP_PORT'] as const).filter((name) => env[name] !== undefined);
    if (!env.SMTP_HOST && smtpDetails.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_HOST'],
        message: `required when ${smtpDetails.join(' and ')} ${smtpDetails.length > 1 ? 'are' : 'is'} set: the mail server's name, such as smtp.example.com`,
      });
    }
    if (env.SMTP_HOST && env.EMBEDDED_INBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDED_INBOX'],
        message: 'set it only without SMTP_HOST: mail either goes to the mail server or stays in the embedded inbox',
      });
    }
  });

/** The configuration; the embedded inbox's outbox lives in DATA_DIR unless OUTBOX_DIR says otherwise. */
export type Config = z.infer<typeof ConfigSchema> & { OUTBOX_DIR: string };

/** Thrown at start-up when an environment variable is wrong; one line per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A URL with its password hidden, read as loosely as a broken URL needs: everything between `://` and the last
 * `@` is credentials, so a password holding `/`, `:` or `#` is hidden whole; the user name before a `:` stays.
 */
export function hideUrlPassword(value: string): string {
  const start = value.indexOf('://') + 3;
  const at = value.lastIndexOf('@');
  if (start < 3 || at < start) return value;
  const credentials = value.slice(start, at);
  const colon = credentials.indexOf(':');
  const shown = colon < 0 ? '(hidden)' : `${credentials.slice(0, colon)}:(hidden)`;
  return `${value.slice(0, start)}${shown}${value.slice(at)}`;
}

/** Secrets never reach a log: a password is hidden, and so is the password inside a URL such as REDIS_URL. */
function shownValue(name: string, value: string): string {
  if (/PASS|SECRET|TOKEN|KEY/.test(name)) return value ? '(hidden)' : '';
  return hideUrlPassword(value);
}

/** Parses an environment (process.env by default); throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (docs/configuration.md), so its default applies.
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (parsed.success) return { ...parsed.data, OUTBOX_DIR: parsed.data.OUTBOX_DIR ?? `${parsed.data.DATA_DIR}/outbox` };
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}=${JSON.stringify(shownValue(name, env[name] ?? ''))}: ${issue.message}`;
    }),
  );
}

let cached: Config | undefined;

/** The configuration of this process, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig();
  return cached;
}
