import { describe, expect, it } from 'vitest';
import { appWithMailForThisFile } from '../support/app-for-file';
import { formNamed } from '../support/desk';
import { freshDataDir } from '../support/insights';
import { startSmtpServer } from '../support/smtp';

/**
 * The desk's sign-in link names the site's own origin only, whatever forwarding headers a client sends: behind a
 * trusted proxy (TRUST_PROXY=true) without SITE_URL, a client's X-Forwarded-Host or Forwarded host is believed only
 * when it names this site.
 */
const served = appWithMailForThisFile(startSmtpServer, { TRUST_PROXY: 'true', DATA_DIR: freshDataDir() });

/** Presses "Mail me a sign-in link" with the forwarding headers a client chose. */
async function askForLinkWith(headers: Record<string, string>): Promise<number> {
  const html = await (await fetch(`${served.app.url}/desk`)).text();
  const response = await fetch(`${served.app.url}/desk`, {
    method: 'POST',
    headers,
    body: formNamed(html, 'Mail me a sign-in link'),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

/** Every link in the mails received since `after`: once one has come, those that follow within a second. */
async function linksMailedSince(after: number): Promise<string[]> {
  for (const until = Date.now() + 10_000; Date.now() < until && served.smtp.received.length === after;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return served.smtp.received
    .slice(after)
    .flatMap((mail) => [...(mail.parsed.text ?? '').matchAll(/https?:\/\/[^\s>]+/g)].map((match) => match[0]));
}

describe('the sign-in link behind a trusted proxy without SITE_URL', () => {
  it('says at start that SITE_URL fixes the origin the links name', async () => {
    expect(await served.app.outputShowing('TRUST_PROXY=true without SITE_URL')).toContain('Set SITE_URL');
  });

  it("never names a host the client chose: X-Forwarded-Host, a list of them, or Forwarded's host", async () => {
    const before = served.smtp.received.length;
    const attacker = 'attacker.example';
    const statuses = [
      await askForLinkWith({ 'X-Forwarded-Host': attacker, 'X-Forwarded-Proto': 'https' }),
      await askForLinkWith({ 'X-Forwarded-Host': attacker, Origin: `https://${attacker}` }),
      await askForLinkWith({ Forwarded: `host=${attacker};proto=https` }),
    ];
    for (const status of statuses) expect([303, 403]).toContain(status);
    const links = await linksMailedSince(before);
    const signInLinks = links.filter((link) => link.includes('/desk/sign-in'));
    expect(signInLinks.length).toBeGreaterThan(0);
    for (const link of links) expect(link).not.toContain(attacker);
    // The scheme is the proxy's to say (these requests stand for it); the host is the site's own.
    for (const link of signInLinks) expect(new URL(link).host, link).toBe(new URL(served.app.url).host);
  });
});
