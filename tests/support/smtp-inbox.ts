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
  const decoded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const start = decoded.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${raw}`);
  return /^\S+/.exec(decoded.slice(start))?.[0] as string;
}
