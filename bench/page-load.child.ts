/**
 * The visitors of bench/upload.ts, in a process of their own: a steady stream of page requests
 * whose answer times are not held up by the upload the benchmark sends from its own process (its
 * event loop stalls while it hands 34 MB to the socket). Started with `fork`; asked over IPC:
 * `{ start: { url, rate, seconds? } }` starts, `"stop"` stops early, `"loop"` answers this
 * process's longest event-loop delay since the previous ask (ms). When done it sends autocannon's
 * figures and every answer as `{ at, ms }`, `at` on the wall clock (ms since 1970) like the parent's.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon from "autocannon";

export interface PageLoadStart {
  url: string;
  rate: number;
  seconds?: number;
}

export interface PageLoadResult {
  p99: number;
  total: number;
  non2xx: number;
  samples: Array<{ at: number; ms: number }>;
}

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let instance: autocannon.Instance | undefined;

process.on("message", (message: { start: PageLoadStart } | "stop" | "loop") => {
  if (message === "loop") {
    process.send?.({ loopMs: loop.max / 1e6 });
    loop.reset();
    return;
  }
  if (message === "stop") {
    instance?.stop();
    return;
  }
  const { url, rate, seconds } = message.start;
  const samples: PageLoadResult["samples"] = [];
  instance = autocannon(
    { url, connections: 4, overallRate: rate, duration: seconds ?? 600, headers: { accept: "text/html" } },
    (error, result) => {
      if (error) throw error;
      const answer: PageLoadResult = {
        p99: result.latency.p99,
        total: result.requests.total,
        non2xx: result.non2xx,
        samples,
      };
      process.send?.({ done: answer }, () => process.disconnect());
    },
  );
  instance.on("response", (_client, _status, _bytes, ms: number) =>
    samples.push({ at: performance.timeOrigin + performance.now(), ms }),
  );
});
