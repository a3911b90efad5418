import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import { keysetBatches } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { type CsvColumn, csvStream } from "../shared/csv.ts";
import { NotFoundError } from "../shared/errors.ts";
import { isBotSubmission } from "../shared/honeypot.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./messages.repository.ts";
import { type ContactMessage, ContactMessageSchema, MarkReadSchema } from "./messages.schema.ts";

export const MESSAGE_NOT_FOUND = "Message not found.";

const staffMail = (message: ContactMessage, siteUrl: string): EmailContent => ({
  subject: `New message from ${message.name}`,
  preview: message.message.slice(0, 120),
  heading: `New message from ${message.name}`,
  intro: [`${message.name} <${message.email}> wrote through the contact form:`, message.message],
  action: { label: "See all messages", url: `${siteUrl}/admin/messages` },
  footer: ["Reply to this e-mail to answer."],
});

/** How the audit log names a contact message. */
export const MESSAGE_AUDIT_ENTITY = "message";

/** Rows read per query while writing the CSV. */
const EXPORT_BATCH = 1000;

const CSV_COLUMNS: CsvColumn<ContactMessage>[] = [
  { header: "Received at (UTC)", value: (m) => m.createdAt },
  { header: "Name", value: (m) => m.name },
  { header: "Email", value: (m) => m.email },
  { header: "Message", value: (m) => m.message },
  { header: "Read", value: (m) => (m.isRead ? "Yes" : "No") },
];

export interface MessagesServiceDeps {
  db: Db;
  clock: Clock;
  email: EmailService;
  audit: Audit;
  siteUrl: string;
}

export function createMessagesService({ db, clock, email, audit, siteUrl }: MessagesServiceDeps) {
  return {
    /** Stores a visitor's message (unread) and queues the staff e-mail in the same transaction. */
    async send(input: unknown): Promise<void> {
      const data = parseInput(ContactMessageSchema, input);
      if (isBotSubmission(data)) return;
      await db.transaction().execute(async (trx) => {
        const message = await repo.insertMessage(trx, {
          id: newId(),
          name: data.name,
          email: data.email,
          message: data.message,
          is_read: 0,
          created_at: clock().toISOString(),
        });
        const mail = await renderEmail(staffMail(message, siteUrl));
        await email.notifyStaff(trx, { ...mail, replyTo: message.email });
      });
      email.wake();
    },

    /** Newest first. */
    list: () => repo.listMessages(db),

    /** Every message as a streamed CSV (same order as the list); the export is itself recorded. */
    exportCsv(actor: Actor): Readable {
      return csvStream(
        CSV_COLUMNS,
        keysetBatches<ContactMessage>((after, limit) => repo.messagesAfter(db, after, limit), EXPORT_BATCH),
        (rows) =>
          db
            .transaction()
            .execute((trx) =>
              audit.record(trx, actor, { action: "export", entity: MESSAGE_AUDIT_ENTITY, values: { rows } }),
            ),
      );
    },

    async setRead(id: string, input: unknown, actor: Actor): Promise<ContactMessage> {
      const { isRead } = parseInput(MarkReadSchema, input);
      return db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.setMessageRead(trx, id, isRead)))
          throw new NotFoundError(MESSAGE_NOT_FOUND);
        await audit.record(trx, actor, {
          action: "update",
          entity: MESSAGE_AUDIT_ENTITY,
          entityId: id,
          fields: ["isRead"],
          values: { isRead },
        });
        return (await repo.findMessage(trx, id)) as ContactMessage;
      });
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.deleteMessage(trx, id))) throw new NotFoundError(MESSAGE_NOT_FOUND);
        await audit.record(trx, actor, { action: "delete", entity: MESSAGE_AUDIT_ENTITY, entityId: id });
      });
    },

    unreadCount: () => repo.countUnread(db),
  };
}
