import path from 'node:path';
import type { Config } from '@/lib/config/env';
import { privateFolder } from '@/lib/private-folder';
import { processSingleton } from '@/lib/process-singleton';
import { redisForStore } from '../redis/shared-connection';
import type { DeskStore } from './desk-store';

/** The desk's store cannot be opened: nobody can be signed in until it can. The page shows the message. */
export class DeskStoreUnavailableError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'DeskStoreUnavailableError';
  }
}

/**
 * Opens the store the configuration names: Redis with REDIS_URL (a token or session works on every instance),
 * sharing the server's connection when it has one; else LMDB in `<DATA_DIR>/desk`, a folder open to the server's
 * user alone (it holds the signing key). Each call opens a new one; the app uses `deskStore`.
 */
export async function openDeskStore(config: Config): Promise<DeskStore> {
  if (config.REDIS_URL) {
    const { RedisDeskStore } = await import('./redis-desk-store');
    const { redis, close } = await redisForStore(config.REDIS_URL);
    return new RedisDeskStore(redis, { closeConnection: close });
  }
  const directory = path.resolve(config.DATA_DIR, 'desk');
  const { LmdbDeskStore } = await import('./lmdb-desk-store');
  try {
    privateFolder(directory);
    return new LmdbDeskStore(directory);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeskStoreUnavailableError(
      `The desk cannot sign anyone in: it keeps sign-in links and sessions in ${directory}, which cannot be ` +
        `written (${reason}). Make DATA_DIR a folder this server may write, or set REDIS_URL.`,
      error,
    );
  }
}

const opened = processSingleton<{ store?: Promise<DeskStore> }>('desk-store', () => ({}));

/**
 * The desk's store, one per process: opened at start-up (open-stores.ts), or on first use with the configuration
 * of that call. A failure to open is not kept: the next call tries again, so fixing DATA_DIR's permissions needs
 * no restart.
 */
export function deskStore(config: Config): Promise<DeskStore> {
  if (!opened.store) {
    const opening = openDeskStore(config);
    opened.store = opening;
    opening.catch(() => {
      if (opened.store === opening) opened.store = undefined;
    });
  }
  return opened.store;
}

/** Closes the desk's store if it is open (the server stopping); a later call opens it again. */
export async function closeDeskStore(): Promise<void> {
  const opening = opened.store;
  opened.store = undefined;
  const store = await opening?.catch(() => undefined);
  await store?.close();
}
