import path from 'node:path';
import type { Config } from '@/lib/config/env';
import { writableFolderProblem } from '@/lib/mail/embedded-inbox';

/** What this process can keep on disk; a platform without a writable disk keeps neither (docs/deployment.md). */
interface DiskUse {
  /** The embedded insights store in DATA_DIR/insights can be opened (else nothing is counted there). */
  counts: boolean;
}

/**
 * Looks once at start-up whether the folders the configuration writes to can be written: DATA_DIR for the counts
 * (unless Redis keeps them) and OUTBOX_DIR for the embedded inbox (unless SMTP_HOST is set). What cannot be kept
 * is said in one log line with the reason and the variable that helps; the site serves either way.
 */
export function checkDiskUse(config: Config): DiskUse {
  const countsProblem =
    config.INSIGHTS && !config.REDIS_URL ? writableFolderProblem(path.resolve(config.DATA_DIR)) : undefined;
  const outboxProblem = config.SMTP_HOST ? undefined : writableFolderProblem(path.resolve(config.OUTBOX_DIR));
  const lost = [
    countsProblem && `the counts and the inquiry log are not kept (set REDIS_URL to keep them in Redis)`,
    outboxProblem &&
      `consultation requests cannot be kept by the embedded inbox and schedule_consultation answers 502 (set SMTP_HOST)`,
  ].filter(Boolean);
  if (lost.length > 0) {
    const why = [...new Set([countsProblem, outboxProblem].filter(Boolean))].join('; ');
    console.warn(`[data] cannot write to disk (${why}): ${lost.join('; ')}. Pages and tools are served as usual.`);
  }
  return { counts: !countsProblem };
}
