import { ServerResponse } from 'node:http';

const PATCHED = Symbol.for('consultancy-site:vary-accept');

/**
 * Every page has two representations, HTML and markdown (negotiated in proxy.ts), so its responses must say
 * `Vary: Accept` (RFC 9110 12.5.5) or a shared cache could serve markdown to a browser. next.config.ts headers
 * cannot do it for app pages: Next's page runtime (build/templates/app-page-runtime.js) overwrites Vary with its
 * own list, which always begins with `rsc,`. Adding `Accept` to that one value, once at start-up, costs a string
 * test per header and puts no code in front of requests.
 */
export function addAcceptToPageVary(): void {
  const proto = ServerResponse.prototype as ServerResponse & { [PATCHED]?: boolean };
  if (proto[PATCHED]) return;
  const setHeader = proto.setHeader;
  proto.setHeader = function patchedSetHeader(this: ServerResponse, name, value) {
    if (
      typeof value === 'string' &&
      value.startsWith('rsc,') &&
      name.toLowerCase() === 'vary' &&
      !/(^|,\s*)accept(\s*,|$)/i.test(value)
    ) {
      return setHeader.call(this, name, `${value}, Accept`);
    }
    return setHeader.call(this, name, value);
  };
  proto[PATCHED] = true;
}
