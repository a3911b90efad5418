import nodemailer from "nodemailer";
import type { StaffNotificationConfig } from "../../config/env.ts";
import type { StaffMailSender } from "./notifications.service.ts";

/** Nodemailer over the configured SMTP server, with timeouts so a stuck server frees the worker. */
export function createSmtpSender(config: StaffNotificationConfig): StaffMailSender {
  const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
  const server = typeof config.smtp === "string" ? { url: config.smtp } : config.smtp;
  const transport = nodemailer.createTransport({ ...server, ...timeouts });
  return async (mail) => {
    await transport.sendMail({
      from: config.from,
      to: config.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    });
  };
}
