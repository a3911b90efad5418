/** A child for child-pool.test.ts: answers with its pid, or never (to be killed), or fails. */
import { serveParent } from "./child-pool.ts";

serveParent(async (message: { hang?: boolean; fail?: string }) => {
  if (message.fail) throw new Error(message.fail);
  if (message.hang) await new Promise(() => {});
  return { pid: process.pid };
});
