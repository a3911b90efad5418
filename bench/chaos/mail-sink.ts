import { createSmtpInbox, readMail } from "../../tests/support/smtp-inbox.ts";

/** What the kill part keeps of a received message: enough to match it to what was due, not its body. */
export interface ReceivedMail {
  messageId: string;
  /** The recipient's address, lower case, without a display name. */
  to: string;
  subject: string;
}

export interface MailSink {
  port: number;
  /** Every message received in full so far (the raw texts are dropped once read). */
  received(): readonly ReceivedMail[];
  /** How many messages were received, without reading them (cheap enough to poll). */
  count(): number;
  stop(): Promise<void>;
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? "";

/**
 * A local SMTP server in the chaos process itself, so it outlives every kill of the site's server.
 * A message counts once its final "." arrived: one cut off by a kill is not received (smtp-server
 * drops it), and the site, which got no "250", sends it again.
 */
export async function startMailSink(): Promise<MailSink> {
  const inbox = await createSmtpInbox();
  await inbox.start();
  const kept: ReceivedMail[] = [];
  const drain = () => {
    for (const raw of inbox.messages.splice(0)) {
      const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
      const to = header(head, "To");
      kept.push({
        messageId: header(head, "Message-ID"),
        to: (/<([^>]+)>/.exec(to)?.[1] ?? to).toLowerCase(),
        subject: readMail(raw).subject,
      });
    }
    return kept;
  };
  return {
    port: inbox.port,
    received: drain,
    count: () => kept.length + inbox.messages.length,
    stop: () => inbox.stop(),
  };
}

/** Messages that arrived more than once, by Message-ID (the same for every attempt at one message). */
export function duplicates(mails: readonly ReceivedMail[]): { extra: number; example: string | undefined } {
  const seen = new Map<string, number>();
  for (const mail of mails) if (mail.messageId) seen.set(mail.messageId, (seen.get(mail.messageId) ?? 0) + 1);
  const repeated = [...seen].filter(([, count]) => count > 1);
  return {
    extra: repeated.reduce((sum, [, count]) => sum + count - 1, 0),
    example: repeated[0] && `${repeated[0][0]} ×${repeated[0][1]}`,
  };
}
