/** Form fields by name: text, a file (a Blob), or several parts of one name. */
export type FormFields = Record<string, string | Blob | (string | Blob)[]>;

/**
 * The consultation form as a browser without JavaScript posts it: the hidden fields of its Server Action, read
 * from the page (with `hidden` in place of those it names), then `fields` (a file part where a Blob is given).
 */
export async function contactFormData(
  appUrl: string,
  fields: FormFields,
  hidden: Record<string, string> = {},
): Promise<FormData> {
  const html = await (await fetch(`${appUrl}/contact`)).text();
  const form = new FormData();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g,
  )) {
    form.append(name, hidden[name] ?? value.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  }
  for (const [name, values] of Object.entries(fields)) {
    for (const value of [values].flat()) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, 'upload.txt');
    }
  }
  return form;
}

/** Posts the form the way a same-site browser without JavaScript does; the page it answers with. */
export async function postContactForm(appUrl: string, fields: FormFields): Promise<Response> {
  return fetch(`${appUrl}/contact`, {
    method: 'POST',
    headers: { Origin: appUrl },
    body: await contactFormData(appUrl, fields),
  });
}
