// `npm run mail [-- ADDRESS] [--limit N]`: the store's mail that was kept instead of sent (no
// SMTP_URL), newest first: to whom, its subject, and every link in it. It reads the store's
// database beside the running server (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR).
import { parseArgs } from "node:util";
import { EmailSchema } from "@storefront/domain";
import { loadConfig } from "./config.ts";
import { databaseServer, openDatabaseAtStart, StartupError } from "./db/start.ts";
import { type KeptMessage, readOutbox } from "./lib/mailer.ts";

const USAGE = `Usage: npm run mail [-- ADDRESS] [--limit N]
  the newest messages (10, or N), or only those to ADDRESS`;

/** Every http(s) link of a message, in order, once each: the text's, then the HTML's hrefs. */
export function linksOf(message: Pick<KeptMessage, "text" | "html">): string[] {
  const inText = message.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const inHtml = [...(message.html ?? "").matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) =>
    (m[1] ?? "").replaceAll("&amp;", "&"),
  );
  return [...new Set([...inText, ...inHtml])];
}

function describe(message: KeptMessage): string {
  const links = linksOf(message);
  return [
    `${message.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC  (${message.storeId})`,
    `  To:      ${message.to}`,
    `  From:    ${message.from}`,
    `  Subject: ${message.subject}`,
    ...(links.length > 0 ? ["  Links:", ...links.map((link) => `    ${link}`)] : ["  No links"]),
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { limit: { type: "string", default: "10" }, help: { type: "boolean" } },
  });
  const limit = Number(values.limit);
  const [address, ...extra] = positionals;
  if (values.help || extra.length > 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    console.error(USAGE);
    return 2;
  }
  if (address !== undefined && !EmailSchema.safeParse(address).success) {
    console.error(`${address} is not an email address.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const server = await databaseServer(config, "command", () => {});
  try {
    const database = await openDatabaseAtStart(
      { ...config, databaseUrl: server.url },
      { onRetry: (line) => console.error(line), poolSize: 1 },
    );
    try {
      if (config.smtpUrl) {
        console.log("SMTP_URL is set: mail is sent, not kept; below is what was kept before.");
      }
      const messages = await readOutbox(database.acrossStores, { to: address, limit });
      if (messages.length === 0) {
        console.log(address ? `No mail to ${address}.` : "No mail yet.");
        return 0;
      }
      console.log(messages.map(describe).join("\n\n"));
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof StartupError || error instanceof TypeError)) throw error;
  // A bad option (parseArgs' TypeError) or a database that cannot be used: one line.
  console.error(error.message);
  process.exitCode = error instanceof TypeError ? 2 : 1;
}
