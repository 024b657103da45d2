import { OPEN_GRAPH_IMAGE, openGraphImageAlt } from '@/lib/site/metadata';

/**
 * The link-preview image's tags, with a relative URL that resolves against the page's own address, so that a
 * page prerendered once names no origin. Next's metadata would make it absolute on an origin of its own
 * (lib/site/metadata.ts); React places these <meta> elements in the document's head wherever they are rendered.
 */
export function SocialImage() {
  const alt = openGraphImageAlt();
  return (
    <>
      <meta property="og:image" content={OPEN_GRAPH_IMAGE.path} />
      <meta property="og:image:width" content={String(OPEN_GRAPH_IMAGE.width)} />
      <meta property="og:image:height" content={String(OPEN_GRAPH_IMAGE.height)} />
      <meta property="og:image:type" content={OPEN_GRAPH_IMAGE.type} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:image" content={OPEN_GRAPH_IMAGE.path} />
      <meta name="twitter:image:alt" content={alt} />
    </>
  );
}
