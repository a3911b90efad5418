/** Domain errors; the HTTP layer maps each to a status (server/plugins/errors.ts). */
export class DomainError extends Error {
  readonly status: number = 500;
}

export class ValidationError extends DomainError {
  override readonly status = 400;
  readonly fields: Record<string, string>;
  constructor(message: string, fields: Record<string, string> = {}) {
    super(message);
    this.fields = fields;
  }
}

/** A request the server cannot read at all (a malformed body); answered 400 `{ message }`. */
export class BadRequestError extends DomainError {
  override readonly status = 400;
}

export class NotFoundError extends DomainError {
  override readonly status = 404;
}

export class ConflictError extends DomainError {
  override readonly status = 409;
}

export class UnauthorizedError extends DomainError {
  override readonly status = 401;
}

export class TooManyRequestsError extends DomainError {
  override readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServiceUnavailableError extends DomainError {
  override readonly status = 503;
}

/** Something that existed but cannot be used any more (a used or expired link). */
export class GoneError extends DomainError {
  override readonly status = 410;
}
