import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/e2e/support/server.ts";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

const addHeaders = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => ` add_header ${name} "${value.replace(/["\\]/g, "")}" always;`)
    .join("");

/** The one worker process of an nginx master (with `daemon off`, the master is the process we spawned). */
const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
const workerOf = (master: number) => Number(childrenOf(master).split(" ")[0]);

/** Whether the port takes a connection yet. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

/** A self-signed certificate for `localhost` (ECDSA P-256, as Caddy's local authority issues). */
function selfSignedCertificate(dir: string) {
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  const args = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost";
  execFileSync(
    "openssl",
    [...args.split(" "), "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", cert],
    {
      stdio: "ignore",
    },
  );
  return { key, cert };
}

/**
 * nginx serving `files` (name → bytes) as static files on 127.0.0.1, the reference the
 * performance budget is a ratio of (docs/architecture.md#performance-budgets), with `headers`
 * added to every answer if given; over HTTPS (a self-signed certificate for `localhost`) with
 * `tls`. Needs Debian's nginx (`apt-get install nginx-light`).
 */
export async function startNginx(
  files: Record<string, string | Buffer>,
  headers: Record<string, string> = {},
  { tls = false }: { tls?: boolean } = {},
) {
  if (!NGINX) throw new Error("nginx not installed: apt-get install nginx-light");
  const dir = mkdtempSync(path.join(os.tmpdir(), "hbb-nginx-"));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  const certificate = tls ? selfSignedCertificate(dir) : undefined;
  const listen = certificate
    ? `listen 127.0.0.1:${port} ssl; ssl_certificate ${certificate.cert}; ssl_certificate_key ${certificate.key};`
    : `listen 127.0.0.1:${port};`;
  // Not `tcp_nopush`: with it, answers the size of our pages stalled 40 ms now and then (a delayed ACK
  // held the last segment), and nginx served a third of what it can (decision 0551).
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000; types { text/html html; application/json json; }
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { ${listen} root ${dir};${addHeaders(headers)} } }`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: "ignore" });
  const ready = async () => (await listening(port)) && childrenOf(child.pid as number) !== "";
  for (let i = 0; i < 50 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    baseUrl: tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    pid: workerOf(child.pid as number),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      if (child.exitCode === null && child.signalCode === null) await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
