import net from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpInbox {
  port: number;
  /** Raw messages received so far. */
  messages: string[];
  /** Messages received but left unanswered (see `holdAfter`). */
  held: number;
  /** Answers new messages again (those held stay unanswered: their senders have gone). */
  release(): void;
  /** Starts listening on `port` (again, after stop). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface SmtpInboxOptions {
  /** Addresses refused at RCPT TO with a permanent 550 (no such mailbox). */
  refuse?: readonly string[];
  /**
   * After this many accepted messages, the next ones are received but never answered (no 250), as a
   * server that hangs mid-transaction: they are not accepted and not kept, until `release()`.
   */
  holdAfter?: number;
}

/** A real SMTP server on localhost that keeps what it receives; not started until `start()`. */
export async function createSmtpInbox({ refuse = [], holdAfter }: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const port = await freeLocalPort();
  const messages: string[] = [];
  let server: SMTPServer | undefined;
  let holding = holdAfter !== undefined;
  const inbox = {
    port,
    messages,
    held: 0,
    release() {
      holding = false;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        // A sender's kept-open connection (core/email/smtp-transport.ts) is told 421 and closed at
        // once when the sink stops, instead of after smtp-server's default 30 s.
        closeTimeout: 100,
        onRcptTo(address, _session, callback) {
          if (!refuse.includes(address.address)) return callback();
          const error = Object.assign(new Error("No such mailbox"), { responseCode: 550 });
          callback(error);
        },
        onData(stream, _session, callback) {
          let raw = "";
          stream.setEncoding("utf8");
          stream.on("data", (chunk: string) => {
            raw += chunk;
          });
          stream.on("end", () => {
            if (holding && messages.length >= (holdAfter ?? 0)) {
              inbox.held++;
              return;
            }
            messages.push(raw);
            callback();
          });
        },
      });
      const listening = server;
      // A sender that dies mid-conversation (a server killed with SIGKILL) resets its connection;
      // smtp-server reports that as an 'error' event, which unheard would end the inbox's process.
      listening.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
      });
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(port, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  return inbox;
}

/**
 * The first link in a raw message that starts with `prefix`, read from the plain-text part as a mail
 * client would (quoted-printable soft line breaks joined, escapes decoded).
 */
export function linkIn(raw: string, prefix: string): string {
  // The text part decoded (base64 when mostly non-ASCII, e.g. Amharic); else the whole message.
  const text = readMail(raw).text;
  const decoded = text.includes(prefix)
    ? text
    : raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const start = decoded.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${raw}`);
  return /^\S+/.exec(decoded.slice(start))?.[0] as string;
}

/** A received message as a mail client shows it: the decoded subject and its text and HTML parts. */
export interface ReadMail {
  subject: string;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (body: string): Buffer => {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: Buffer[] = [];
  let plain = "";
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Buffer.from(plain, "utf8"), Buffer.from([Number.parseInt(hex, 16)]));
      plain = "";
      i += 2;
    } else plain += joined[i];
  }
  bytes.push(Buffer.from(plain, "utf8"));
  return Buffer.concat(bytes);
};

/** RFC 2047 encoded words ("=?UTF-8?B?…?=", "=?UTF-8?Q?…?="), the space between two of them dropped. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Decodes a raw message (as the sink keeps it): subject, and the text and HTML parts, multipart or not. */
export function readMail(raw: string): ReadMail {
  const top = splitPart(raw);
  const found = { text: "", html: "" };
  const walk = (part: { headers: Map<string, string>; body: string }) => {
    const type = part.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      const pieces = part.body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith("--")) break;
        walk(splitPart(piece.replace(/^\r?\n/, "")));
      }
      return;
    }
    const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
    const bytes =
      encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
        : encoding === "quoted-printable"
          ? decodeQuotedPrintable(part.body)
          : Buffer.from(part.body, "utf8");
    const text = bytes.toString("utf8");
    if (type.toLowerCase().startsWith("text/html")) found.html ||= text;
    else if (type.toLowerCase().startsWith("text/plain")) found.text ||= text;
  };
  walk(top);
  return {
    subject: decodeWords(top.headers.get("subject") ?? ""),
    ...found,
  };
}
