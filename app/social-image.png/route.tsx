import { ImageResponse } from 'next/og';
import { getContent } from '@/lib/content';
import { OPEN_GRAPH_IMAGE } from '@/lib/site/metadata';
import { toDrawableText } from '@/lib/site/og-text';

export const dynamic = 'force-static';

/**
 * GET /social-image.png: the link-preview image for every page, drawn at build time from content with next/og's
 * built-in font only (no fonts or emoji are fetched: see toDrawableText). A route rather than Next's
 * opengraph-image file, whose tags Next makes absolute on metadataBase, else on localhost (lib/site/metadata.ts).
 */
export function GET(): ImageResponse {
  const { site, bio } = getContent();
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        background: '#16202a',
        color: '#f7f5f0',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="56" height="56" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="7" fill="#f7f5f0" />
          <path d="M8 11h16M8 16h10M8 21h13" stroke="#16202a" strokeWidth="2.5" strokeLinecap="round" />
          <circle cx="23.5" cy="16" r="2.25" fill="#d9824f" />
        </svg>
        <div style={{ display: 'flex', fontSize: 30, letterSpacing: 0.5 }}>{toDrawableText(site.siteName)}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 28 }}>
        <div style={{ display: 'flex', fontSize: 26, color: '#e5a57c', textTransform: 'uppercase', letterSpacing: 3 }}>
          {toDrawableText(site.home.eyebrow)}
        </div>
        <div style={{ display: 'flex', fontSize: 68, lineHeight: 1.1, letterSpacing: -1, maxWidth: 1000 }}>
          {toDrawableText(site.home.headline)}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          borderTop: '2px solid #3a4755',
          paddingTop: 28,
          fontSize: 28,
        }}
      >
        <div style={{ display: 'flex' }}>{toDrawableText(bio.name)}</div>
        <div style={{ display: 'flex', color: '#b9c2cc' }}>{toDrawableText(`${bio.role}, ${bio.company}`)}</div>
      </div>
    </div>,
    { width: OPEN_GRAPH_IMAGE.width, height: OPEN_GRAPH_IMAGE.height },
  );
}
