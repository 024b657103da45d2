import { buildManifest } from '@/lib/agent/manifest';
import { publicOrigin } from '@/lib/http/client';
import { apiRoute, json, otherMethods } from '@/lib/http/api-route';

/** GET /api/agent: the Manifest (spec endpoint 1), the entry point and version authority. */
export const GET = apiRoute(async (request) => json(buildManifest(publicOrigin(request))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
