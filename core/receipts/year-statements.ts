import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { tributeLine } from "../donations/tribute-card.ts";
import type { EmailService } from "../email/email.service.ts";
import { renderEmail } from "../email/render-email.ts";
import { isLocale } from "../i18n/locale.ts";
import type { JobDefinition, JobQueue } from "../jobs/jobs.service.ts";
import { formatMoney } from "../money/money.ts";
import { isErasedAddress } from "../people/erased.ts";
import { yieldToEventLoop } from "../shared/batches.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError, ValidationError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { giftWithCover } from "./gift-with-cover.ts";
import { type LatinFont, renderPdf, tagText } from "./pdf.ts";
import { NO_GOODS_STATEMENT, type Organisation, registrationLine } from "./receipt-content.ts";
import { drawLogo } from "./receipt-pdf.ts";
import { liveReceiptsOfYear, markStatementSent, statementsSentIn } from "./receipts.repository.ts";
import type { YearStatement } from "./receipts.schema.ts";

export const STATEMENTS_JOB = "year-statements";
/** Donors whose statements are sent between two progress reports. */
const STATEMENTS_BATCH = 50;

export async function statementsOf(db: Db, year: number): Promise<YearStatement[]> {
  const rows = await liveReceiptsOfYear(db, year);
  const byEmail = new Map<
    string,
    { statement: YearStatement; tributes: Map<number, { kind: string; name: string }> }
  >();
  for (const row of rows) {
    // An erased donor's gifts count in the totals, but nobody is there to send a statement to.
    if (isErasedAddress(row.donor_email)) continue;
    const key = row.donor_email.toLowerCase();
    const entry = byEmail.get(key) ?? {
      statement: { email: row.donor_email, name: null, locale: "en" as const, gifts: [], totals: [] } as YearStatement,
      tributes: new Map(),
    };
    const { statement } = entry;
    statement.name = row.donor_name ?? statement.name;
    if (isLocale(row.locale)) statement.locale = row.locale;
    const amountMinor = Number(row.amount_minor);
    const feeCoverMinor = Number(row.fee_cover_minor);
    if (row.tribute_kind && row.tribute_name) {
      entry.tributes.set(statement.gifts.length, { kind: row.tribute_kind, name: row.tribute_name });
    }
    statement.gifts.push({
      date: row.gift_date,
      receipt: row.number,
      amountMinor,
      feeCoverMinor,
      currency: row.currency,
    });
    const total = statement.totals.find((t) => t.currency === row.currency);
    if (total) {
      total.minor += amountMinor;
      total.feeCoverMinor += feeCoverMinor;
      total.paidMinor += amountMinor + feeCoverMinor;
    } else {
      statement.totals.push({
        currency: row.currency,
        minor: amountMinor,
        feeCoverMinor,
        paidMinor: amountMinor + feeCoverMinor,
      });
    }
    byEmail.set(key, entry);
  }
  // Tribute lines once the statement's language is known (the donor's latest gift decides it).
  return [...byEmail.values()].map(({ statement, tributes }) => {
    for (const [index, tribute] of tributes) {
      const gift = statement.gifts[index];
      if (gift) gift.tribute = tributeLine(tribute, statement.locale);
    }
    return statement;
  });
}

/** The statement's total lines: what was given, and when the donor covered fees, the covers and the sum paid. */
export function statementTotals(statement: YearStatement): string[] {
  const sum = (pick: (total: YearStatement["totals"][number]) => number) =>
    statement.totals.map((t) => formatMoney(pick(t), t.currency)).join(" and ");
  if (statement.totals.every((t) => t.feeCoverMinor === 0)) return [`Total: ${sum((t) => t.minor)}`];
  return [
    `Total given: ${sum((t) => t.minor)}`,
    `Added to cover fees: ${sum((t) => t.feeCoverMinor)}`,
    `Total paid: ${sum((t) => t.paidMinor)}`,
  ];
}

const STATEMENT_COLUMNS = [
  { heading: "Date", width: 70 },
  { heading: "Amount", width: 170 },
  { heading: "Receipt", width: 70 },
  { heading: "Given", width: 170 },
] as const;

export function renderStatementPdf(
  statement: YearStatement,
  year: number,
  organisation: Organisation,
): Promise<Buffer> {
  const title = `Giving statement ${year}`;
  const lang = "en";
  return renderPdf({ title, lang, author: organisation.name }, (doc, root) => {
    const left = doc.page.margins.left;
    const top = doc.y;
    const logoWidth = drawLogo(doc, root, organisation, left, top);
    doc.x = left + logoWidth + 8;
    doc.y = top + 8;
    doc.fontSize(20).fillColor("#0b5563");
    tagText(doc, root, "P", organisation.name, "Helvetica-Bold", lang);
    doc.x = left;
    doc.y = Math.max(doc.y, top + 36);
    doc.moveDown(0.8).fontSize(10).fillColor("#4b5563");
    const registration = registrationLine(organisation);
    for (const line of [...(registration ? [registration] : []), ...organisation.address]) {
      tagText(doc, root, "P", line, "Helvetica", lang);
    }
    doc.moveDown(2).fontSize(16).fillColor("#1c2530");
    tagText(doc, root, "H1", title, "Helvetica-Bold", lang);
    doc.fontSize(11);
    tagText(
      doc,
      root,
      "P",
      statement.name ? `${statement.name} <${statement.email}>` : statement.email,
      "Helvetica",
      lang,
    );
    doc.moveDown();
    const table = doc.struct("Table");
    root.add(table);
    const row = (cells: readonly string[], type: "TH" | "TD", font: LatinFont) => {
      const tr = doc.struct("TR");
      table.add(tr);
      const y = doc.y;
      let x = left;
      let bottom = y;
      STATEMENT_COLUMNS.forEach((column, index) => {
        doc.x = x;
        doc.y = y;
        tagText(doc, tr, type, cells[index] ?? "", font, lang, { width: column.width - 8 });
        bottom = Math.max(bottom, doc.y);
        x += column.width;
      });
      tr.end();
      doc.x = left;
      doc.y = bottom + 4;
    };
    row(
      STATEMENT_COLUMNS.map((column) => column.heading),
      "TH",
      "Helvetica-Bold",
    );
    for (const gift of statement.gifts) {
      row(
        [
          gift.date,
          giftWithCover(gift.amountMinor, gift.feeCoverMinor, gift.currency),
          gift.receipt,
          gift.tribute ?? "",
        ],
        "TD",
        "Helvetica",
      );
    }
    table.end();
    doc.moveDown();
    for (const line of statementTotals(statement)) tagText(doc, root, "P", line, "Helvetica-Bold", lang);
    doc.moveDown();
    tagText(doc, root, "P", NO_GOODS_STATEMENT, "Helvetica", lang);
  });
}

/**
 * Year-end statements (docs/decisions/0323-receipts.md): one per donor e-mail, downloadable, and sent
 * to all as one job.
 */
export function createYearStatements(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  email: EmailService;
  audit: Audit;
  organisation: () => Promise<Organisation>;
}) {
  const { db, clock, jobs, email, audit } = deps;

  const yearOf = (value: string) => {
    const year = Number(value);
    if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new ValidationError("Please choose a year.");
    return year;
  };

  /**
   * E-mails every donor of the year their statement, STATEMENTS_BATCH donors at a time: the event loop
   * gets a turn after each donor (a PDF takes a few milliseconds of CPU, and on SQLite each write runs
   * synchronously), so the site keeps answering during a run of thousands
   * (docs/decisions/0615-bulk-pdfs-in-batches.md). Donors a retried run already sent to are skipped
   * before their PDF is drawn.
   */
  const statementsJob: JobDefinition<{ year: number; batch: string }> = {
    type: STATEMENTS_JOB,
    async handle({ year, batch }, job) {
      const statements = await statementsOf(db, year);
      const organisation = await deps.organisation();
      let sent = 0;
      for (let from = 0; from < statements.length; from += STATEMENTS_BATCH) {
        const donors = statements.slice(from, from + STATEMENTS_BATCH);
        const done = await statementsSentIn(
          db,
          batch,
          donors.map((statement) => statement.email),
        );
        for (const statement of donors) {
          job.signal.throwIfAborted(); // a shutdown hands the run on between donors (decision 0641)
          if (!done.has(statement.email)) await sendStatement(statement, year, batch, organisation);
          sent += 1;
          await yieldToEventLoop();
        }
        await job.progress({ sent, of: statements.length });
        email.wake();
      }
      await job.progress({ sent, of: statements.length });
    },
  };

  async function sendStatement(statement: YearStatement, year: number, batch: string, organisation: Organisation) {
    const pdf = await renderStatementPdf(statement, year, organisation);
    const mail = await renderEmail({
      subject: `Your ${year} giving statement from ${organisation.name}`,
      heading: `Your giving in ${year}`,
      intro: [`Thank you for your gifts to ${organisation.name} in ${year}. Your statement is attached.`],
      details: statement.gifts.map(
        (gift) =>
          [
            gift.date,
            `${giftWithCover(gift.amountMinor, gift.feeCoverMinor, gift.currency)} (receipt ${gift.receipt})${gift.tribute ? `, ${gift.tribute}` : ""}`,
          ] as const,
      ),
      body: [...statementTotals(statement), NO_GOODS_STATEMENT],
    });
    await db.transaction().execute(async (trx) => {
      // Once per donor and run: a retried run skips those it already queued.
      if (!(await markStatementSent(trx, batch, statement.email, clock().toISOString()))) return;
      await email.send(trx, statement.email, {
        ...mail,
        attachments: [
          { filename: `giving-statement-${year}.pdf`, contentType: "application/pdf", base64: pdf.toString("base64") },
        ],
      });
    });
  }

  return {
    statementsJob,
    list: async (year: string) => statementsOf(db, yearOf(year)),

    async pdf(year: string, donorEmail: string): Promise<Buffer> {
      const wanted = yearOf(year);
      const statement = (await statementsOf(db, wanted)).find(
        (s) => s.email.toLowerCase() === donorEmail.toLowerCase(),
      );
      if (!statement) throw new NotFoundError("No gifts from this address in that year.");
      return renderStatementPdf(statement, wanted, await deps.organisation());
    },

    /** Queues the run that e-mails every donor of the year their statement; answers the run's id to follow. */
    async sendAll(year: string, actor: Actor): Promise<{ batch: string }> {
      const wanted = yearOf(year);
      const batch = newId();
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, { type: STATEMENTS_JOB, payload: { year: wanted, batch }, key: `statements:${batch}` });
        await audit.record(trx, actor, {
          action: "create",
          entity: "year-statements",
          entityId: batch,
          values: { year: wanted },
        });
      });
      jobs.wake();
      return { batch };
    },

    /** How far a run got: queued, running (with sent of total) or done. */
    async progress(batch: string): Promise<{ status: string; sent: number; of: number | null }> {
      const state = await jobs.state({ key: `statements:${batch}` });
      if (!state) throw new NotFoundError("No such run.");
      const progress = (state.progress ?? {}) as { sent?: number; of?: number };
      return { status: state.status, sent: progress.sent ?? 0, of: progress.of ?? null };
    },
  };
}
