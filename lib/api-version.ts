/**
 * The API and manifest version. docs/agent-api.md, "Versioning", makes the manifest the version authority;
 * this constant is the one place the value is written, and the manifest, /mcp.json, OpenAPI and every
 * REST-Version header read it from here.
 */
export const API_VERSION = '2.6.0';
