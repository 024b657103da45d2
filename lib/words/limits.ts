/** Why a request was refused, by the quota or ceiling that refused it (lib/quotas/consume-quota.ts, lib/mail/site-ceiling.ts). */
export const REFUSAL_WORDS: Readonly<Record<string, string>> = {
  general: 'too many requests from one address',
  schedule: 'too many consultation requests from one address',
  'mail-site-wide': "the day's cap on consultation mails",
  'mail-agents-share': "the agents' share of the day's consultation mails",
};

/** Where a consultation mail could not be delivered. */
export const MAIL_FAILURE_WORDS: Readonly<Record<string, string>> = {
  smtp: 'the mail server refused or did not answer',
  inbox: 'the embedded inbox could not keep it',
};

/**
 * What a request's Web Bot Auth signature proved: verified (a listed signer's key checked it), invalid (a signature
 * was sent and failed: a warning) or not signed (the request only says who it is).
 */
export const SIGNATURE_WORDS = {
  verified: 'verified',
  invalid: 'signature failed',
  unsigned: 'not signed',
} as const;
export type SignatureOutcome = keyof typeof SIGNATURE_WORDS;
