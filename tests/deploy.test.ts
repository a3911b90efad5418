import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from "../server/app.ts";

/**
 * Every file under deploy/ is checked by the tool that will read it on the server: systemd's own
 * verifier, Caddy's, ShellCheck. .ci/run installs them; without one a local run skips its files
 * with a warning, and under CI=true the run fails.
 */
const root = path.resolve(import.meta.dirname, "..");
const deployDir = path.join(root, "deploy");
const INSTALLED_AT = "/opt/hope-behind-bars";

function available(tool: string, apt: string) {
  const found = spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
  if (!found) {
    if (process.env.CI) throw new Error(`${tool} not found: apt-get install ${apt} (.ci/run does)`);
    console.warn(`${tool} not found: its deploy/ checks are skipped (they are required under CI).`);
  }
  return found;
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 60_000, ...options });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

const files = readdirSync(deployDir);
const units = files.filter((file) => /\.(service|timer)$/.test(file));
const scripts = files.filter((file) => file.endsWith(".sh"));

it("checks every file under deploy/", () => {
  expect(files.filter((file) => !units.includes(file) && !scripts.includes(file))).toEqual(["Caddyfile"]);
});

describe.runIf(available("systemd-analyze", "systemd"))("systemd units", () => {
  // The verifier opens the programs a unit starts: point the units at this checkout instead of
  // the install location, so it checks that each one is there and executable.
  const unitDir = mkdtempSync(path.join(os.tmpdir(), "hbb-units-"));
  afterAll(() => rmSync(unitDir, { recursive: true, force: true }));
  for (const unit of units) {
    writeFileSync(
      path.join(unitDir, unit),
      readFileSync(path.join(deployDir, unit), "utf8").replaceAll(INSTALLED_AT, root),
    );
  }

  it.each(units)("%s passes systemd-analyze verify without a warning", (unit) => {
    expect(run("systemd-analyze", ["verify", path.join(unitDir, unit)])).toEqual({ status: 0, output: "" });
  });

  it.each(units.filter((unit) => unit.endsWith(".service")))("%s is hardened (exposure at most 2.0 of 10)", (unit) => {
    const result = run("systemd-analyze", ["security", "--offline=true", "--threshold=20", path.join(unitDir, unit)]);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/Overall exposure level for \S+: [01]\.\d|Overall exposure level for \S+: 2\.0/);
  });

  it("runs the site as a non-root user that may write DATA_DIR only, restarting it on failure", () => {
    const site = readFileSync(path.join(deployDir, "hope-behind-bars.service"), "utf8");
    for (const line of [
      "User=hope",
      "Restart=on-failure",
      "ProtectSystem=strict",
      "NoNewPrivileges=true",
      "StateDirectory=hope-behind-bars",
      "Environment=DATA_DIR=/var/lib/hope-behind-bars",
      "Environment=HOST=127.0.0.1",
    ]) {
      expect(site.split("\n")).toContain(line);
    }
    expect(site).not.toMatch(/^ReadWritePaths=/m);
  });
});

describe.runIf(available("caddy", "caddy"))("Caddyfile", () => {
  const caddyfile = path.join(deployDir, "Caddyfile");
  const env = { PATH: process.env.PATH, HOME: os.tmpdir(), SITE_ADDRESS: "hopebehindbars.example" };

  it("passes caddy validate and is formatted as caddy fmt writes it", () => {
    const result = run("caddy", ["validate", "--config", caddyfile, "--adapter", "caddyfile"], { env });
    expect(result.status, result.output).toBe(0);
    expect(run("caddy", ["fmt", caddyfile]).output).toBe(readFileSync(caddyfile, "utf8").trim());
  });

  it("lets through the largest upload the site accepts, and compresses and caches as the runbook says", () => {
    const adapted = run("caddy", ["adapt", "--config", caddyfile, "--adapter", "caddyfile"], { env });
    expect(adapted.status, adapted.output).toBe(0);
    const config = JSON.stringify(JSON.parse(adapted.output.slice(adapted.output.indexOf("{"))));
    const maxSize = Number(/"max_size":(\d+)/.exec(config)?.[1]);
    const largestUpload = MAX_UPLOAD_FILES * MAX_UPLOAD_FILE_BYTES + 30 * 512 * 1024;
    expect(maxSize).toBeGreaterThanOrEqual(largestUpload);
    expect(maxSize).toBeLessThan(largestUpload * 1.2);
    expect(config).toContain('"encodings":{"gzip":{},"zstd":{}}');
    expect(config).toContain('"Cache-Control":["public, max-age=31536000, immutable"]');
    expect(config).toContain('"dial":"127.0.0.1:3000"');
    expect(config).toContain('"host":["hopebehindbars.example"]');
  });
});

describe.runIf(available("shellcheck", "shellcheck"))("shell scripts", () => {
  it.each(scripts)("%s passes shellcheck", (script) => {
    expect(run("shellcheck", ["--shell=sh", path.join(deployDir, script)])).toEqual({ status: 0, output: "" });
  });
});
