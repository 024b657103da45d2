import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { appWithMailForThisFile } from '../support/app-for-file';
import { postContactForm } from '../support/contact-form';
import { envelopeOf, postSchedule } from '../support/redis';
import { startSmtpServer } from '../support/smtp';

const bio = loadContent().bio;
// 5 a day: agents may send 4, and 1 is kept for the contact form. Each call from another client (TRUST_PROXY).
const served = appWithMailForThisFile(startSmtpServer, { MAIL_LIMIT_PER_DAY: '5', TRUST_PROXY: 'true' });
const request = (name: string) => ({ client_name: name, client_email: 'someone@example.com' });
const from = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
const subjects = () => served.smtp.received.map((mail) => mail.parsed.subject ?? '');
const notices = () => subjects().filter((subject) => !subject.startsWith('Consultation request'));

describe("the contact form keeps its share of the day's ceiling, and the consultant hears when a ceiling trips", () => {
  it('refuses agents past their share, with one notice to the consultant', async () => {
    for (let n = 1; n <= 4; n += 1)
      expect((await postSchedule(served.app.url, request(`Agent ${n}`), from(n))).status).toBe(200);
    for (let n = 5; n <= 7; n += 1) {
      const refused = await postSchedule(served.app.url, request(`Agent ${n}`), from(n));
      expect(refused.status).toBe(429);
      const error = await envelopeOf(refused);
      expect(error.message).toMatch(/4 of its 5 a day; the rest is kept for people using the contact form/);
      expect(error.resolution).toContain(bio.email);
    }
    await expect
      .poll(notices, { timeout: 10_000 })
      .toEqual(["Agents have used today's consultation requests (4 of 5)"]);
  });

  it('still sends a person’s request through the form, then refuses everyone, with one more notice', async () => {
    const sent = await postContactForm(served.app.url, { ...request('Person'), client_email: 'person@example.com' });
    expect(sent.status).toBe(200);
    expect(subjects().filter((subject) => subject.startsWith('Consultation request'))).toHaveLength(5);
    for (const name of ['Second person', 'Third person']) {
      const page = await (await postContactForm(served.app.url, request(name))).text();
      expect(page).toMatch(/5 a day, all senders together/);
    }
    await expect
      .poll(notices, { timeout: 10_000 })
      .toEqual([
        "Agents have used today's consultation requests (4 of 5)",
        "Today's consultation requests are used up (5 a day)",
      ]);
    expect(subjects().filter((subject) => subject.startsWith('Consultation request'))).toHaveLength(5);
  });
});
