/**
 * The visitors of bench/upload.ts, in a process of their own: page requests at a steady rate whose
 * answer times are not held up by the upload the benchmark sends from its own process (its event
 * loop stalls while it hands 34 MB to the socket). Started with `fork`; asked over IPC:
 * `{ start: { url, rate, seconds? } }` starts, `"stop"` stops early, `"loop"` answers this
 * process's longest event-loop delay since the previous ask (ms). When done it sends every answer
 * as `{ at, ms }`, `at` on the wall clock (ms since 1970) like the parent's.
 *
 * Open loop, as visitors arrive: one request every 1000/rate ms on keep-alive connections (up to
 * CONNECTIONS at once), each timed from when it was due, not from when a free connection took it.
 * So a stall of the server shows in every request that fell in it, and nothing else does.
 * (autocannon's `overallRate` sends each second's requests in one burst at its start, so every
 * answer also waited for the ones queued before it on its connection: idle p99 of 16–29 ms for a
 * page the server answers in 1 ms.)
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface PageLoadStart {
  url: string;
  rate: number;
  seconds?: number;
}

export interface PageLoadResult {
  total: number;
  non2xx: number;
  samples: Array<{ at: number; ms: number }>;
}

const CONNECTIONS = 4;
/** What a browser sends for a page, so the answer is the one a visitor gets (compressed). */
const HEADERS = { accept: "text/html", "accept-encoding": "br, gzip" };

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let stop: (() => void) | undefined;

function visit(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: HEADERS }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function run({ url, rate, seconds }: PageLoadStart): Promise<PageLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const samples: PageLoadResult["samples"] = [];
  const pending = new Set<Promise<void>>();
  const interval = 1000 / rate;
  const started = performance.now();
  const until = started + (seconds ?? 600) * 1000;
  let sent = 0;
  let non2xx = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  return new Promise((resolve, reject) => {
    const finish = async () => {
      clearTimeout(timer);
      await Promise.all(pending);
      agent.destroy();
      resolve({ total: samples.length, non2xx, samples });
    };
    stop = () => {
      stopped = true;
    };
    const tick = () => {
      const now = performance.now();
      if (stopped || now >= until) return void finish();
      // Every request due by now goes out, each timed from its own due time.
      for (let due = started + sent * interval; due <= now; due = started + sent * interval) {
        sent++;
        const answer = visit(url, agent).then(
          (status) => {
            if (status < 200 || status >= 300) non2xx++;
            samples.push({ at: performance.timeOrigin + performance.now(), ms: performance.now() - due });
          },
          (error: Error) => reject(error),
        );
        pending.add(answer);
        void answer.finally(() => pending.delete(answer));
      }
      timer = setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
}

process.on("message", (message: { start: PageLoadStart } | "stop" | "loop") => {
  if (message === "loop") {
    process.send?.({ loopMs: loop.max / 1e6 });
    loop.reset();
    return;
  }
  if (message === "stop") {
    stop?.();
    return;
  }
  run(message.start).then(
    (done) => process.send?.({ done }, () => process.disconnect()),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
