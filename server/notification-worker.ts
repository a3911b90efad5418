import type { FastifyBaseLogger } from "fastify";
import type { NotificationsService } from "../core/notifications/notifications.service.ts";

export interface NotificationWorker {
  /** Stops polling and waits for a delivery in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Sends queued staff e-mails in the background: right after a submission is stored (the
 * service wakes it) and every `intervalMs` for retries. Runs one delivery at a time.
 */
export function startNotificationWorker(
  notifications: NotificationsService,
  log: FastifyBaseLogger,
  { intervalMs = 30_000 }: { intervalMs?: number } = {},
): NotificationWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  };

  async function deliver() {
    do {
      wokenWhileRunning = false;
      try {
        const { sent, failed } = await notifications.deliverDue();
        if (sent > 0) log.info({ sent }, "staff notifications sent");
        if (failed > 0) log.warn({ failed }, "staff notifications failed; will retry");
      } catch (error) {
        log.error({ err: error }, "staff notification worker failed; will retry");
      }
    } while (wokenWhileRunning && !stopped);
  }

  async function run() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = deliver();
    await running;
    running = undefined;
    schedule();
  }

  const unsubscribe = notifications.onQueued(() => void run());
  void run(); // anything left over from before a restart

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
    },
  };
}
