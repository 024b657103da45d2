const API_ERROR = Symbol.for('consultancy-site:api-error');

/**
 * The one error envelope (docs/agent-api.md, "Errors"): `{ error: { code, message, resolution } }`.
 * Code throws one of these; `toErrorResponse` (lib/http/api-route.ts) turns it into the response. Each subclass
 * fixes its status and code, so a caller can rely on a code always meaning the same thing.
 */
export abstract class ApiError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  readonly resolution: string;
  readonly headers: Record<string, string>;
  readonly [API_ERROR] = true;

  /**
   * Next bundles each route and the start-up hook separately, each with its own copy of this class, and an error
   * can cross: the Redis stores are set up at start-up (lib/stores) and throw while a route runs. So `instanceof
   * ApiError` recognises every copy by a registered brand; `instanceof` a subclass stays the ordinary check.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ApiError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && API_ERROR in value;
  }

  constructor(message: string, resolution: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.resolution = resolution;
    this.headers = headers;
  }

  /** The envelope body, exactly ErrorBody (docs/agent-api.md, "Errors"). */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, resolution: this.resolution } };
  }
}

export interface ErrorBody {
  error: { code: string; message: string; resolution: string };
}

/** 400: the body is not JSON, or not sent as JSON. */
export class InvalidJsonError extends ApiError {
  readonly status = 400;
  readonly code = 'INVALID_JSON';
}

/** 400: the JSON is well formed, but fields are missing or wrong; the message names each one. */
export class ValidationError extends ApiError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
}

/** 404: no such resource, tool, path or MCP session. */
export class NotFoundError extends ApiError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

/** 405: the path exists but not with this method; `Allow` lists the methods it has. */
export class MethodNotAllowedError extends ApiError {
  readonly status = 405;
  readonly code = 'METHOD_NOT_ALLOWED';
}

/** 413: the body is over the documented size limit. */
export class PayloadTooLargeError extends ApiError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}

/** 415: the body was sent with a content coding (Content-Encoding) other than identity, which the API does not read. */
export class UnsupportedContentEncodingError extends ApiError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_CONTENT_ENCODING';
}

/** 429: past a quota; `Retry-After` says when to come back. */
export class RateLimitedError extends ApiError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
}

/** 502: the mail server did not accept the consultation request, so it was not delivered. */
export class MailDeliveryError extends ApiError {
  readonly status = 502;
  readonly code = 'MAIL_DELIVERY_FAILED';
}

/** 500: anything unexpected. The message carries a request id; the details stay in the server log. */
export class InternalError extends ApiError {
  readonly status = 500;
  readonly code = 'INTERNAL_ERROR';
}

/**
 * The one answer to anything unexpected, for every channel (REST, MCP, the contact form): logged here with the
 * request id and the stack, and answered with that id and no details.
 */
export function unexpectedError(requestId: string, error: unknown, where: string): InternalError {
  console.error(`[${requestId}] unexpected error in ${where}`, error);
  return new InternalError(
    `An unexpected error occurred (request id ${requestId}).`,
    `Try again shortly; if it persists, report the request id ${requestId} to the site owner.`,
  );
}
