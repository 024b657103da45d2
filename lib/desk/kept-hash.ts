import { createHash } from 'node:crypto';

/**
 * What the store keeps of a secret the visitor holds (a sign-in token, a session id): its SHA-256 in hex, so whoever
 * reads the store learns nothing they could present. The secrets are 256 random bits: no salt or slow hash needed.
 */
export const keptHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
