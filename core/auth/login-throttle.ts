import ipaddr from "ipaddr.js";
import type { Db } from "../../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import { TooManyRequestsError } from "../shared/errors.ts";

// Login throttling; the design and its numbers are explained in docs/decisions/0130-login-throttle.md.

/** Guesses a source (an IPv4 address, or an IPv6 /64) gets across all accounts before waits start. */
export const FREE_GUESSES_PER_SOURCE = 5;
/** Guesses an account takes from all sources together before waits start, unless from a recognised device. */
export const FREE_GUESSES_PER_ACCOUNT = 50;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 15 * 60;
/** Quiet time, after the last wait ended, after which a counter starts again from zero. */
export const MEMORY_MS = 15 * 60 * 1000;

export interface ThrottleKey {
  key: string;
  free: number;
}

/** One person or program behind an address: an IPv6 host usually owns a whole /64. */
export function sourceOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes plain IPv4
  if (address.kind() === "ipv4") return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

export const sourceKey = (ip: string): ThrottleKey => ({
  key: `source:${sourceOf(ip)}`,
  free: FREE_GUESSES_PER_SOURCE,
});

/** The account as the login form names it: the normalised e-mail, however it was typed. */
export const accountKey = (normalisedEmail: string): ThrottleKey => ({
  key: `account:${normalisedEmail}`,
  free: FREE_GUESSES_PER_ACCOUNT,
});

/** The wait after the given number of failures: none while free, then 30 s doubling to 15 min. */
export function waitSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - free), LONGEST_WAIT_SECONDS);
}

/** What a granted attempt counted, so that a correct password can take it back. */
export interface Reservation {
  counted: { key: string; blockedUntil: string | null }[];
}

/**
 * Reservations of one process take their keys one after another here, in memory, before they ask
 * the database: a flood of attempts at one key (200 at once from one address) then waits in this
 * queue instead of filling the connection pool with transactions that only wait for the same row
 * lock, which left every other request of the site without a connection (503 after 5 s). The row
 * lock still orders attempts across instances. Keys come sorted, so two reservations never wait
 * for each other.
 */
type KeyQueue = <T>(keys: string[], work: () => Promise<T>) => Promise<T>;
const keyQueues = new WeakMap<Db, KeyQueue>();

function keyQueueOf(db: Db): KeyQueue {
  let queue = keyQueues.get(db);
  if (queue) return queue;
  const tails = new Map<string, Promise<void>>();
  queue = async (keys, work) => {
    const releases: Array<() => void> = [];
    try {
      for (const key of keys) {
        const before = tails.get(key) ?? Promise.resolve();
        let release = () => {};
        const tail = before.then(() => new Promise<void>((resolve) => (release = resolve)));
        tails.set(key, tail);
        releases.push(() => {
          release();
          if (tails.get(key) === tail) tails.delete(key);
        });
        await before;
      }
      return await work();
    } finally {
      for (const release of releases) release();
    }
  };
  keyQueues.set(db, queue);
  return queue;
}

export function createLoginThrottle(db: Db, clock: Clock) {
  const inTurn = keyQueueOf(db);
  /** `reserve`'s transaction, once the keys (in order) have their turn in this process. */
  async function countAttempt(ordered: ThrottleKey[]): Promise<Reservation> {
    const now = clock();
    const nowMs = now.getTime();
    const nowIso = now.toISOString();
    return db.transaction().execute(async (trx) => {
      let longestWaitMs = 0;
      const counted: Reservation["counted"] = [];
      for (const { key, free } of ordered) {
        // Inserts the counter or locks the existing row (PostgreSQL) until the transaction ends;
        // SQLite runs one writing transaction at a time.
        const row = await trx
          .insertInto("login_throttle")
          .values({ key, failures: 0, blocked_until: null, updated_at: nowIso })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet((eb) => ({ updated_at: eb.ref("login_throttle.updated_at") })),
          )
          .returning(["failures", "blocked_until", "updated_at"])
          .executeTakeFirstOrThrow();
        const blockedUntilMs = row.blocked_until ? Date.parse(row.blocked_until) : 0;
        if (blockedUntilMs > nowMs) {
          longestWaitMs = Math.max(longestWaitMs, blockedUntilMs - nowMs);
          continue;
        }
        const lastActivityMs = Math.max(Date.parse(row.updated_at), blockedUntilMs);
        const failures = (nowMs - lastActivityMs > MEMORY_MS ? 0 : Number(row.failures)) + 1;
        const wait = waitSeconds(failures, free);
        const blockedUntil = wait > 0 ? new Date(nowMs + wait * 1000).toISOString() : null;
        await trx
          .updateTable("login_throttle")
          .set({ failures, blocked_until: blockedUntil, updated_at: nowIso })
          .where("key", "=", key)
          .execute();
        counted.push({ key, blockedUntil });
      }
      if (longestWaitMs > 0) {
        const seconds = Math.ceil(longestWaitMs / 1000);
        // Thrown inside the transaction: it rolls back, so a refused attempt counts nowhere.
        throw new TooManyRequestsError(
          `Too many failed login attempts. Please wait ${seconds} seconds and try again.`,
          seconds,
        );
      }
      return { counted };
    });
  }

  return {
    /**
     * Counts one attempt against every key, as one transaction and before the password is checked:
     * however many requests arrive at once, each sees the count of those before it, so no source
     * gets more than its free guesses. While any key must wait, throws 429 and counts nothing.
     */
    async reserve(keys: ThrottleKey[]): Promise<Reservation> {
      // One fixed order (code units, not locale) on every instance, so two transactions never wait
      // for each other's rows.
      const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return inTurn(
        ordered.map(({ key }) => key),
        () => countAttempt(ordered),
      );
    },

    /** The password was right: the attempt was no failure, and the wait it started is lifted. */
    async release(reservation: Reservation): Promise<void> {
      for (const { key, blockedUntil } of reservation.counted) {
        await db
          .updateTable("login_throttle")
          .set((eb) => ({
            failures: eb
              .case()
              .when("failures", ">", 0)
              .then(eb("failures", "-", 1))
              .else(0)
              .end(),
            blocked_until:
              blockedUntil === null
                ? eb.ref("blocked_until")
                : eb.case().when("blocked_until", "=", blockedUntil).then(null).else(eb.ref("blocked_until")).end(),
          }))
          .where("key", "=", key)
          .execute();
      }
    },
  };
}

/** Codes tried at one account's second step, from all sources together (the password was right). */
export const FREE_GUESSES_PER_SECOND_FACTOR = 5;

/** The account at its second step (or confirming a change with a code): by id, as the ticket names it. */
export const secondFactorKey = (adminId: string): ThrottleKey => ({
  key: `second-factor:${adminId}`,
  free: FREE_GUESSES_PER_SECOND_FACTOR,
});
