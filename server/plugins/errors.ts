import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import {
  DomainError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from "../../core/shared/errors.ts";
import { DatabaseUnavailableError } from "../../db/postgres-failover.ts";

export const OUT_OF_SPACE_MESSAGE = "The server has run out of storage space. Please try again later.";

/** A full disk or quota, as the file system, SQLite and PostgreSQL (SQLSTATE 53100) report it. */
const OUT_OF_SPACE_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL", "53100"]);
const isOutOfSpace = (error: unknown) => OUT_OF_SPACE_CODES.has(String((error as { code?: unknown }).code));

/**
 * The database cannot answer for now: PostgreSQL lost, silent or refusing connections
 * (DatabaseUnavailableError), or SQLite still locked by another writer after its busy timeout.
 * Such a request answers 503 with Retry-After, as an API call and as a page: it is over within
 * seconds and the client should simply try again.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const isDatabaseUnavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError ||
  ["SQLITE_BUSY", "SQLITE_LOCKED"].includes(String((error as { code?: unknown } | null)?.code));
const DATABASE_UNAVAILABLE_MESSAGE = new DatabaseUnavailableError(undefined).message;

/** One error shape for the whole API: `{ message }`, plus `fields` for validation errors. Never a stack trace. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof ValidationError) {
        return reply.code(400).send({ message: error.message, fields: error.fields });
      }
      if (error instanceof TooManyRequestsError) {
        return reply.code(429).header("retry-after", String(error.retryAfterSeconds)).send({ message: error.message });
      }
      if (error instanceof DomainError && error.status < 500) {
        return reply.code(error.status).send({ message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        // Expected and brief (a failover, a silent network, a busy writer): no stack trace.
        request.log.warn({ cause: String(error.cause ?? error.message) }, "database unavailable");
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      if (error instanceof ServiceUnavailableError) {
        // A provider not configured: not worth retrying, so no Retry-After.
        request.log.warn({ reason: error.message }, "service unavailable");
        return reply.code(503).send({ message: error.message });
      }
      if (isOutOfSpace(error)) {
        // Nothing the client did wrong and nothing a retry fixes soon: the operator has to free space.
        request.log.error({ err: error }, "out of storage space");
        return reply.code(507).send({ message: OUT_OF_SPACE_MESSAGE });
      }
      const status = "statusCode" in error && error.statusCode ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(status).send({ message: "Something went wrong on our side. Please try again." });
      }
      if (status === 413) return reply.code(413).send({ message: "The upload is too large." });
      if ("code" in error && error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        return reply.code(415).send({ message: "Unsupported content type." });
      }
      if ("code" in error && String(error.code).startsWith("FST_ERR_CTP")) {
        return reply.code(400).send({ message: "The request body is not valid JSON." });
      }
      return reply.code(status).send({ message: error.message });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ message: `No route for ${request.method} ${request.url.split("?")[0]}` });
    });
  },
  { name: "errors" },
);
