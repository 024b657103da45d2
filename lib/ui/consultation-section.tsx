import type { ReactNode } from 'react';
import type { Bio } from '@/lib/content';
import { privacyNote, privacyNoteShort } from '@/lib/insights/privacy-note';

/**
 * The "Request a consultation" slot on /contact (#consultation). It explains where a request goes and offers
 * a mailto link; `children` is where the consultation form is rendered.
 */
export function ConsultationSection({
  bio,
  responseTime,
  children,
}: {
  bio: Bio;
  responseTime: string;
  children?: ReactNode;
}) {
  return (
    <section id="consultation" className="consultation" aria-labelledby="consultation-heading">
      <h2 id="consultation-heading">Request a consultation</h2>
      <p>
        Your request goes straight to {bio.name}. {responseTime} Sending a request does not book a slot in a calendar; a
        time is agreed by reply.
      </p>
      {children}
      <p className="consultation__fallback">
        Prefer email? Write to <a href={`mailto:${bio.email}`}>{bio.email}</a>.
      </p>
      {/* The short note beside the form; the whole of it one click away, without script. */}
      <div className="consultation__privacy">
        <p>
          <strong>Privacy.</strong> {privacyNoteShort(bio.name)}
        </p>
        <details>
          <summary>What the site counts and keeps, and for how long</summary>
          <p>{privacyNote(bio.name)}</p>
        </details>
      </div>
    </section>
  );
}
