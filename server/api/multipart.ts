import type { FastifyReply, FastifyRequest } from "fastify";
import type { SpooledFile } from "../../core/media/image-input.ts";
import { BadRequestError } from "../../core/shared/errors.ts";
import { refuseForbiddenCharacters } from "../plugins/text-input.ts";

export const MALFORMED_MULTIPART_MESSAGE = "The form data could not be read. Please send it again.";

/** A file part, waiting in its own file until the answer is sent (upload-spool.ts). */
export interface UploadedFile extends SpooledFile {
  field: string;
  filename: string;
  size: number;
}

export interface MultipartBody {
  /** Text fields (line breaks as \\n); a repeated field keeps its last value. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form: text fields into memory, each file into a file of its own in the upload
 * spool (server/api/upload-spool.ts), removed once the answer is sent or the connection closes. A
 * file over the per-file limit set in server/app.ts ends the request with 413 `{ message }`; a body
 * the parser cannot read (no boundary, garbage, truncated parts) with 400. A JSON body is accepted
 * too, as fields without files, so scripts can update text without re-sending an image.
 */
export async function readMultipart(request: FastifyRequest, reply: FastifyReply): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === "object") {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === "string") fields[key] = value;
      }
    }
    return { fields, files };
  }
  const spool = request.server.uploadSpool;
  const written: string[] = [];
  let answered = false;
  reply.raw.once("close", () => {
    answered = true;
    void spool.remove(written);
  });
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Each file is read fully (even unwanted ones), which keeps the stream moving.
        const file = await spool.write(part.file);
        written.push(file.path);
        if (answered) await spool.remove([file.path]);
        if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
        if (file.size > 0) files.push({ field: part.fieldname, filename: part.filename, ...file });
      } else if (typeof part.value === "string") {
        // Browsers send form line breaks as CRLF; store what the person typed.
        fields[part.fieldname] = part.value.replace(/\r\n?/g, "\n");
      }
    }
  } catch (error) {
    // @fastify/multipart's own refusals (limits, content type) carry their HTTP status; the parser
    // underneath (busboy) throws plain errors for bodies it cannot read: the sender's fault, not
    // ours. A failed write to the spool (disk full) is a system error, with its syscall: ours.
    if (error instanceof Error && error.constructor === Error && !("statusCode" in error) && !("syscall" in error)) {
      throw new BadRequestError(MALFORMED_MULTIPART_MESSAGE);
    }
    throw error;
  }
  // Checked after the whole body is read, so the connection is left in a clean state.
  refuseForbiddenCharacters(fields);
  return { fields, files };
}

/** The files sent under one field name, in order. */
export const filesOf = (body: MultipartBody, field: string): UploadedFile[] =>
  body.files.filter((file) => file.field === field);
