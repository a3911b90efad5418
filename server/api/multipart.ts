import type { FastifyRequest } from "fastify";
import { BadRequestError, ValidationError } from "../../core/shared/errors.ts";
import { containsNul, NUL_CHARACTER_MESSAGE } from "../plugins/text-input.ts";

export const MALFORMED_MULTIPART_MESSAGE = "The form data could not be read. Please send it again.";

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  /** Text fields (line breaks as \\n); a repeated field keeps its last value. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a multipart form (text fields and files) into memory. A file over the per-file limit set
 * in server/app.ts ends the request with 413 `{ message }`; a body the parser cannot read (no
 * boundary, garbage, truncated parts) with 400. A JSON body is accepted too, as fields without
 * files, so scripts can update text without re-sending an image.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
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
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Reading each file fully (even unwanted ones) keeps the stream moving; throws 413 when too big.
        const data = await part.toBuffer();
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else if (typeof part.value === "string") {
        // Browsers send form line breaks as CRLF; store what the person typed.
        fields[part.fieldname] = part.value.replace(/\r\n?/g, "\n");
      }
    }
  } catch (error) {
    // @fastify/multipart's own refusals (limits, content type) carry their HTTP status; the parser
    // underneath (busboy) throws plain errors for bodies it cannot read: the sender's fault, not ours.
    if (error instanceof Error && error.constructor === Error && !("statusCode" in error)) {
      throw new BadRequestError(MALFORMED_MULTIPART_MESSAGE);
    }
    throw error;
  }
  // Checked after the whole body is read, so the connection is left in a clean state.
  if (containsNul(fields)) throw new ValidationError(NUL_CHARACTER_MESSAGE);
  return { fields, files };
}

/** The files sent under one field name, in order. */
export const filesOf = (body: MultipartBody, field: string): UploadedFile[] =>
  body.files.filter((file) => file.field === field);
