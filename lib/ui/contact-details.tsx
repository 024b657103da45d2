import type { Bio } from '@/lib/content';
import { displayHost, formatLocation, telHref } from '@/lib/site/format';

/** The consultant's details as a definition list: email, phone, location, website and social profiles. */
export function ContactDetails({ bio }: { bio: Bio }) {
  return (
    <dl className="contact-details">
      <div>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${bio.email}`}>{bio.email}</a>
        </dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>
          <a href={telHref(bio.phone)}>{bio.phone}</a>
        </dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{formatLocation(bio.location)}</dd>
      </div>
      <div>
        <dt>Website</dt>
        <dd>
          <a href={bio.website}>{displayHost(bio.website)}</a>
        </dd>
      </div>
      {bio.social.length > 0 && (
        <div>
          <dt>Elsewhere</dt>
          <dd>
            <ul role="list" className="inline-list">
              {bio.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="me">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
