/** Turns a FormData into the bytes and content-type a browser would send, for `app.inject()`. */
export async function multipartPayload(form: FormData, headers: Record<string, string> = {}) {
  const request = new Request("http://x.test", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, "content-type": request.headers.get("content-type") as string },
  };
}

/** A file part for FormData from bytes made in a test. */
export const fileBlob = (bytes: Uint8Array, type = "application/octet-stream"): Blob =>
  new Blob([new Uint8Array(bytes)], { type });
