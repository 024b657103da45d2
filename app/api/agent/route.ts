import { buildManifest } from '@/lib/discovery/rest-manifest';
import { publicOrigin } from '@/lib/security/public-origin';
import { MANIFEST_LINK } from '@/lib/http/shared-headers';
import { MANIFEST_PATH } from '@/lib/http/api-paths';
import { apiRoute, endpoint, json } from '@/lib/http/api-route';

/** GET /api/agent: the Manifest (docs/agent-api.md, "Manifest"), the entry point and version authority. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(MANIFEST_PATH, {
  GET: apiRoute(async (request) => json(buildManifest(publicOrigin(request)), 200, { Link: MANIFEST_LINK })),
});
