import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.resolve(benchDir, "..");
export const serverMain = path.join(repoRoot, "apps", "server", "dist", "main.js");
export const platformCli = path.join(repoRoot, "apps", "server", "dist", "platform-cli.js");
export const webBuildDir = path.join(repoRoot, "apps", "web", "build");
export const webClientDir = path.join(webBuildDir, "client");
export const hookSource = path.join(benchDir, "get-answers-hook.ts");

/** `npm run serve`'s environment and V8 flags (package.json), so the server runs as it does. */
export const SERVE_ENV = { NODE_ENV: "production", MALLOC_ARENA_MAX: "2" };
export const SERVE_FLAGS = ["--max-old-space-size=128", "--max-semi-space-size=4"];

export const DEFAULT_POSTGRES = "postgres://root@127.0.0.1:5432/postgres";
export const DEFAULT_PORT = 4701;
export const REQUEST_TIMEOUT_MS = 60_000;

/** The demo stores (README, "The demo stores") and what the recording does on each. */
export interface DemoStore {
  /** The folder of its answers. */
  dir: string;
  host: string;
  storeId: string;
  owner: string;
  /** The demo shopper, or null: one is registered through the API. */
  shopper: { email: string; password: string } | null;
  /** The demo trade account, whose pages show trade prices. */
  trade: { email: string; password: string } | null;
  /** A discount code the shopper's order uses. */
  discountCode: string;
  /** The code is made by the owner through the admin API first (the store has none). */
  createDiscount: boolean;
  chatMessage: string;
  tradeApplication: boolean;
  designRequest: boolean;
}

// The demo accounts' passwords are the README's, loaded only into a fresh database.
export const OWNER_PASSWORD = "Store-Owner-Demo-2026";

export const STORES: readonly DemoStore[] = [
  {
    dir: "pawsome",
    // The pet store's own domain, which is also PLATFORM_HOST by default: the operator's too.
    host: "pets.localhost",
    storeId: "pet-remedies",
    owner: "admin@pawsome.test",
    shopper: { email: "demo@pawsome.test", password: "Willow-and-Biscuit-2026" },
    trade: { email: "trade@pawsome.test", password: "Corner-Pet-Shop-2026" },
    discountCode: "SAVE10",
    createDiscount: false,
    chatMessage: "my dog keeps scratching",
    tradeApplication: true,
    designRequest: false,
  },
  {
    dir: "fernwood",
    host: "garden.localhost",
    storeId: "garden-studio",
    owner: "admin@fernwood.test",
    shopper: null,
    trade: null,
    discountCode: "GETS10",
    createDiscount: true,
    chatMessage: "what is your refund policy?",
    tradeApplication: false,
    designRequest: true,
  },
  {
    dir: "hempandhearth",
    host: "hemp.localhost",
    storeId: "hemp-nutrition",
    owner: "admin@hempandhearth.test",
    shopper: null,
    trade: null,
    discountCode: "HEMP10",
    createDiscount: false,
    chatMessage: "do you ship to Canada?",
    tradeApplication: false,
    designRequest: false,
  },
];

/** PLATFORM_HOST's default (config.ts): the operator's screens and API answer there only. */
export const PLATFORM_HOST = "pets.localhost";

/** Who asks: no cookies at all, or one of the signed-in identities. */
export type Identity = "anon" | "shopper" | "trade" | "owner" | "operator";

/** What the test-card processor accepts (README) and an address with a sales tax. */
export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
export const NY_ADDRESS = {
  line1: "1 Main St",
  city: "New York",
  region: "NY",
  postalCode: "10001",
  country: "US",
};

/** How long the recorded visit lasts (the abandoned carts' report shows it). */
export const VISIT_SECONDS = 2;

/** Searches asked on every store (a product word, a pet-store everyday word, nothing found). */
export const SEARCHES = ["calm", "hot spots", "zzxqv"];
