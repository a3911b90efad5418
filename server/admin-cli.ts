import { createInterface } from "node:readline/promises";
import { ConfigError, loadConfig } from "../config/env.ts";
import { ValidationError } from "../core/shared/errors.ts";
import { createServices } from "./services.ts";
import { openConfiguredDatabase, prepareDatabase, resolveSessionSecret } from "./startup.ts";

const USAGE =
  "Usage: npm run admin -- create <email> | reset-password <email>\nThe password is read from standard input (or asked for on a terminal).";

/** Reads the password without echoing it on a terminal; from a pipe, reads the first line. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return "";
  }
  process.stdout.write("Password (12–128 characters): ");
  process.stdin.setRawMode(true);
  let password = "";
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === "\r" || char === "\n") {
        process.stdin.setRawMode(false);
        process.stdout.write("\n");
        return password;
      }
      if (char === "\u0003") process.exit(130);
      password = char === "\u007f" ? password.slice(0, -1) : password + char;
    }
  }
  return password;
}

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== "create" && command !== "reset-password") || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = resolveSessionSecret(loadConfig());
  const database = openConfiguredDatabase(config);
  try {
    await prepareDatabase(database);
    const { auth } = createServices({ config, database });
    const password = await readPassword();
    const admin =
      command === "create" ? await auth.createAdmin(email, password) : await auth.resetPassword(email, password);
    process.stdout.write(
      command === "create"
        ? `Admin ${admin.email} created.\n`
        : `Password of ${admin.email} changed; its sessions were ended.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ValidationError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
