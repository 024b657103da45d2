/** Exactly /api, which the catch-all below it does not match: the same 404 with the envelope. */
export { GET, POST, PUT, PATCH, DELETE } from './[...path]/route';
