// The platform operator's commands, run beside the server on the same database:
//
//   npm run store:create -- --id test-kitchen --brand "Test Kitchen" --host kitchen.localhost \
//     --owner owner@kitchen.test [--host www.kitchen.example] [--currency usd|cad] \
//     [--sells usd,cad] [--free-shipping US=149.00 …] [--primary #rrggbb] [--background #rrggbb] [--text #rrggbb] \
//     [--heading-font "Fraunces"] [--body-font "Work Sans"]
//   npm run store:disable -- test-kitchen
//   npm run store:enable -- test-kitchen
//   npm run platform:operator -- ops@example.com   (prints a link to choose the password)
//
// They use the store's database (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, running
// or not) beside any running server, and every running server answers the change at once.
import { parseArgs } from "node:util";
import { DomainError, EmailSchema, minorUnitsOf } from "@storefront/domain";
import { type Config, loadConfig } from "./config.ts";
import { databaseServer, openDatabaseAtStart, StartupError } from "./db/start.ts";
import { openStore } from "./flows/open-store.ts";
import type { Logger } from "./lib/logger.ts";
import { createMailer } from "./lib/mailer.ts";
import { openMediaStore } from "./modules/media/index.ts";
import { operatorLink, setStoreDisabled } from "./modules/platform/index.ts";
import { StoreMailer } from "./modules/stores/index.ts";

const log: Logger = {
  info: (details, message) => console.log(message ?? "", details),
  warn: (details, message) => console.warn(message ?? "", details),
  error: (details, message) => console.error(message ?? "", details),
};

const USAGE = `Usage:
  npm run store:create -- --id ID --brand "BRAND" --host HOST [--host HOST…] --owner EMAIL
      [--currency usd|cad] [--sells usd,cad] [--free-shipping US=149.00 …]
      [--primary #rrggbb] [--background #rrggbb] [--text #rrggbb]
      [--heading-font FONT] [--body-font FONT]
    --currency is the default currency; --sells the currencies sold (default: every one);
    --free-shipping the least an order to the country spends to ship free (default: US=149.00;
    --free-shipping none for no free shipping)
  npm run store:disable -- ID
  npm run store:enable -- ID
  npm run platform:operator -- EMAIL`;

/** Links the commands print or mail: https in production, else the local server's port. */
function originOf(config: Config, host: string): string {
  return config.env === "production" ? `https://${host}` : `http://${host}:${config.port}`;
}

function platformOrigin(config: Config): string {
  return originOf(config, config.platformHost);
}

/**
 * `--free-shipping US=149.00 --free-shipping CA=200` as the store's thresholds in cents; "none"
 * for none. What is not an amount is passed on as NaN, for the store's checks to name.
 */
function freeShippingOf(pairs: readonly string[]): Record<string, number> {
  if (pairs.length === 1 && pairs[0] === "none") return {};
  return Object.fromEntries(
    pairs.map((pair) => {
      const [country = "", amount = ""] = pair.split("=");
      return [country.trim().toUpperCase(), minorUnitsOf(amount) ?? Number.NaN];
    }),
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      brand: { type: "string" },
      host: { type: "string", multiple: true },
      owner: { type: "string" },
      currency: { type: "string", default: "usd" },
      sells: { type: "string" },
      "free-shipping": { type: "string", multiple: true },
      primary: { type: "string" },
      background: { type: "string" },
      text: { type: "string" },
      "heading-font": { type: "string" },
      "body-font": { type: "string" },
    },
  });
  const commands = ["store:create", "store:disable", "store:enable", "platform:operator"];
  if (!command || !commands.includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const server = await databaseServer(config, "command", () => {});
  const database = await openDatabaseAtStart(
    { ...config, databaseUrl: server.url },
    { onRetry: (line) => console.error(line), poolSize: 2 },
  ).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const rules = { platformHost: config.platformHost, defaultStoreId: config.defaultStoreId };
  try {
    if (command === "store:create") {
      const mailer = new StoreMailer(
        createMailer(config, database.acrossStores, log),
        database.acrossStores,
        config.mailFrom,
        log,
      );
      const theme = Object.fromEntries(
        Object.entries({
          primary: values.primary,
          background: values.background,
          text: values.text,
          headingFont: values["heading-font"],
          bodyFont: values["body-font"],
        }).filter(([, value]) => value !== undefined),
      );
      const store = await openStore(
        { db: database.acrossStores, mailer, media: openMediaStore(config), rules },
        {
          id: values.id,
          brandName: values.brand,
          hosts: values.host ?? [],
          ownerEmail: values.owner,
          defaultCurrency: values.currency,
          ...(values.sells ? { currencies: values.sells.split(",").map((c) => c.trim()) } : {}),
          ...(values["free-shipping"]
            ? { freeShipping: freeShippingOf(values["free-shipping"]) }
            : {}),
          theme,
        },
        (host) => originOf(config, host),
      );
      console.log(
        `Opened ${store.brandName} (${store.id}) at ${store.hosts.join(", ")}. ` +
          `${store.ownerEmail} was sent a link to choose the admin password (valid 7 days).`,
      );
      if (!config.smtpUrl) {
        console.log(
          "Without SMTP_URL the invitation is kept, not sent: read it with npm run mail.",
        );
      }
      return 0;
    }
    const [id] = positionals;
    if (!id) {
      console.error(USAGE);
      return 2;
    }
    if (command === "platform:operator") {
      const email = EmailSchema.safeParse(id);
      if (!email.success) {
        console.error(`${id}: ${email.error.issues[0]?.message ?? "not an email address"}`);
        return 2;
      }
      const link = await operatorLink(database.acrossStores, email.data);
      console.log(
        `${email.data} is a platform operator. Open this link within 24 hours to choose the password (it works once):\n${platformOrigin(config)}${link}`,
      );
      return 0;
    }
    await setStoreDisabled(database.acrossStores, rules, id, command === "store:disable");
    console.log(
      command === "store:disable"
        ? `${id} is disabled: its hosts answer 404; nothing was deleted.`
        : `${id} is enabled: its hosts answer again.`,
    );
    return 0;
  } finally {
    await database.close();
    await server.stop();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DomainError) {
    const fields = Object.entries(error.fields ?? {}).map(
      ([field, message]) => `  ${field}: ${message}`,
    );
    console.error([error.message, ...fields].join("\n"));
    process.exitCode = 1;
  } else if (error instanceof StartupError || error instanceof TypeError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
