/**
 * Named failures. Handlers and data modules throw these; one middleware turns them into status
 * codes and `{ message }` bodies, so no handler carries its own try/catch.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    message: string,
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'User is not logged in') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'This record was changed by someone else. Reload it and try again.') {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request body is too large') {
    super(413, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

/** A service the route depends on (the weather provider) failed or answered nonsense: 502. */
export class BadGatewayError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

export class NotImplementedError extends AppError {
  constructor(method: string, path: string) {
    super(501, `Not implemented yet: ${method} ${path}`);
  }
}

/** A record that must be unique (an email, a name) is taken: 409 with the spec's wording. */
export class DuplicateError extends ConflictError {}

/** A write needs a parent (a division, a client) that does not exist or is not the caller's: 404. */
export class MissingParentError extends NotFoundError {}
