import { buildManifest } from '@/lib/discovery/manifest';
import { publicOrigin } from '@/lib/http/forwarded';
import { MANIFEST_LINK } from '@/lib/http/shared-headers';
import { apiRoute, json, otherMethods } from '@/lib/http/api-route';

/** GET /api/agent: the Manifest (docs/agent-api.md, "Manifest"), the entry point and version authority. */
export const GET = apiRoute(async (request) =>
  json(buildManifest(publicOrigin(request)), 200, { Link: MANIFEST_LINK }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
