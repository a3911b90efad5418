/**
 * The newsletter benchmark's SMTP sink in a process of its own (bench/newsletter.ts starts it), so
 * receiving thousands of messages does not slow the load generator's own event loop and so its
 * latency figures. Counts messages and distinct recipients; tells its parent over IPC.
 */
import { createSmtpInbox } from "../tests/support/smtp-inbox.ts";

const inbox = await createSmtpInbox();
await inbox.start();
const recipients = new Set<string>();
let counted = 0;
const report = () => {
  for (; counted < inbox.messages.length; counted++) {
    recipients.add(/^To: (.+)$/m.exec(inbox.messages[counted] as string)?.[1] ?? "");
    inbox.messages[counted] = ""; // the count is kept, not the text
  }
  process.send?.({ received: counted, distinct: recipients.size });
};
process.send?.({ port: inbox.port });
const timer = setInterval(report, 200);
process.on("message", async (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  report();
  await inbox.stop();
  process.disconnect();
});
