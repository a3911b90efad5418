import type { Transporter } from "nodemailer";
import type { MailConfig } from "../../config/env.ts";
import type { EmailTransport } from "./email.service.ts";

const preparedHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]));

/**
 * One kept-open connection: a newsletter's thousands of messages would otherwise each pay for a new
 * connection, greeting, EHLO (and TLS and login with a real provider) — measured on the development
 * machine: 7–8 messages/s without it, 60–90 with it (docs/decisions/0481). One connection, so
 * messages still go one at a time, as the send's rate expects; closed after a few idle seconds.
 */
const POOL = { pool: true, maxConnections: 1, maxMessages: 500, idleTimeout: 5_000 } as const;

/** The domain of the From address ("Hope <news@example.org>" → example.org), for Message-IDs. */
export const senderDomain = (from: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? "localhost";

/**
 * Nodemailer over the configured SMTP server, with timeouts so a stuck server frees the worker.
 * Nodemailer is loaded by the first message, not at start (docs/decisions/0554).
 */
export function createSmtpTransport(config: MailConfig): EmailTransport {
  const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
  const server = typeof config.smtp === "string" ? { url: config.smtp } : config.smtp;
  let opened: Promise<Transporter> | undefined;
  return async (mail) => {
    opened ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ ...server, ...timeouts, ...POOL }),
    );
    const transport = await opened;
    await transport.sendMail({
      from: config.from,
      ...(mail.messageId ? { messageId: `<${mail.messageId}@${senderDomain(config.from)}>` } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.attachments?.length && {
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.base64,
          encoding: "base64",
        })),
      }),
      // Prepared: passed as written, never folded, so a List-Unsubscribe URL stays in one piece.
      ...(mail.headers ? { headers: preparedHeaders(mail.headers) } : {}),
    });
  };
}
