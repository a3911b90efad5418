import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules docs/architecture.md#layers states, held to the code: who reads the environment,
 * who speaks SQL in core/, and where core/ uses React. The lists here are the ones that section names.
 */
const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(relative, files);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(relative);
  }
  return files;
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const appFiles = ["app", "core", "db", "server"].flatMap((dir) => sourceFiles(dir));
const coreFiles = appFiles.filter((file) => file.startsWith("core/"));

/** Modules of core/ that query the database without being a `*.repository.ts`, as the doc lists them. */
const QUERYING_MODULES = [
  "core/auth/auth-housekeeping.ts",
  "core/auth/login-throttle.ts",
  "core/cache-purge/cache-purge.ts",
  "core/media/one-image-owner.ts",
  "core/media/upload-references.ts",
  "core/versions/versions.ts",
];

describe("layer rules", () => {
  it("only config/ reads process.env in the site's code (app, core, db, server)", () => {
    expect(appFiles.filter((file) => /\bprocess\.env\b/.test(read(file)))).toEqual([]);
  });

  it("core/ queries the database only in repositories and the modules docs/architecture.md names", () => {
    const querying = coreFiles.filter(
      (file) =>
        !file.endsWith(".repository.ts") &&
        /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(read(file)),
    );
    expect(querying.sort()).toEqual(QUERYING_MODULES);
    const layers = read("docs/architecture.md");
    expect(QUERYING_MODULES.filter((file) => !layers.includes(`\`${file}\``))).toEqual([]);
  });

  it("core/ imports React only for the e-mail layout", () => {
    const react = coreFiles.filter((file) =>
      /from "(?:react|react-dom|@react-email\/[\w-]+)(?:\/[\w/-]+)?"/.test(read(file)),
    );
    expect(react).toEqual(["core/email/email-layout.ts"]);
  });

  it("app/ imports a core service or repository only for its types", () => {
    const valueImports = sourceFiles("app").flatMap((file) =>
      [
        ...read(file).matchAll(
          /^import (?!type )[^;]*? from "[./]*core\/[\w/-]+\.(?:service|repository|worker)(?:\.ts)?";/gms,
        ),
      ].map(([statement]) => `${file}: ${statement}`),
    );
    expect(valueImports).toEqual([]);
  });

  it("core/ knows nothing of HTTP servers", () => {
    expect(
      coreFiles.filter((file) => /from "(?:fastify|@fastify\/[\w-]+|node:http|react-router)"/.test(read(file))),
    ).toEqual([]);
  });
});
