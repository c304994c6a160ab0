// Setting the stores up through the API: identities, an order, a cart, a visit, a chat.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { Visitor } from "./http.ts";
import { isObject, listed, objectsWith } from "./json.ts";
import { mailedToken, type Run, waitForRows } from "./server.ts";
import {
  type DemoStore,
  GOOD_CARD,
  type Identity,
  NY_ADDRESS,
  OWNER_PASSWORD,
  PLATFORM_HOST,
  platformCli,
  repoRoot,
  SEARCHES,
  VISIT_SECONDS,
} from "./settings.ts";

export type Visitors = Partial<Record<Exclude<Identity, "anon">, Visitor>>;

/** Random values the setup made (value → what it is), masked in every answer. */
export const literals = new Map<string, string>();

/** A random password for the accounts this run makes (nothing to keep: the database goes). */
function newPassword(): string {
  return `Gets-${randomBytes(12).toString("base64url")}`;
}

async function signIn(port: number, host: string, email: string, password: string) {
  const v = new Visitor(port, host);
  await v.must("POST", "/v2/auth/login", { email, password });
  return v;
}

async function registerShopper(run: Run, store: DemoStore): Promise<Visitor> {
  const v = new Visitor(run.port, store.host);
  const email = `gets.shopper@${store.dir}.test`;
  await v.must("POST", "/v2/auth/register", {
    email,
    password: newPassword(),
    first_name: "Robin",
    last_name: "Shopper",
  });
  const token = await mailedToken(run, email, "/account/confirm");
  await v.must("POST", "/v2/auth/register/confirm", { token });
  // A new account's personal discount code is its first name and a random suffix.
  const account = await v.json("/api/account");
  const code = objectsWith(account, "discountCode")[0]?.discountCode;
  if (typeof code === "string" && code !== "") literals.set(code, `personal code of ${email}`);
  return v;
}

export async function signInOperator(run: Run): Promise<Visitor> {
  const email = "operator@gets.test";
  const printed = execFileSync(process.execPath, [platformCli, "platform:operator", email], {
    cwd: repoRoot,
    env: run.env,
    encoding: "utf8",
  });
  const token = /\?token=([A-Za-z0-9_-]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`platform:operator printed no link: ${printed}`);
  const v = new Visitor(run.port, PLATFORM_HOST);
  await v.must("POST", "/api/platform/password", { token, password: newPassword() });
  return v;
}

interface Sellable {
  sku: string;
  subscription: string | null;
}

/** The first variant of each product the store sells now, with a subscription plan if any. */
async function sellables(v: Visitor): Promise<Sellable[]> {
  const list = await v.json("/api/products");
  const out: Sellable[] = [];
  for (const handle of listed(list, "handle")) {
    const product = await v.json(`/api/products/${handle}`);
    const variants = isObject(product) && Array.isArray(product.variants) ? product.variants : [];
    const first = variants.find(
      (variant): variant is Record<string, unknown> =>
        isObject(variant) && typeof variant.sku === "string" && Number(variant.total_stock) > 0,
    );
    if (!first) continue;
    const plans = Array.isArray(first.subscriptions) ? first.subscriptions.filter(isObject) : [];
    out.push({
      sku: String(first.sku),
      subscription: plans[0] ? String(plans[0].subscription_id) : null,
    });
  }
  return out;
}

/** Pays for the visitor's cart as the checkout page does: a quote, then its total. */
async function checkout(v: Visitor, email: string, key: string) {
  const quote = await v.must("POST", "/api/checkout/quote", {
    address: {
      country: NY_ADDRESS.country,
      region: NY_ADDRESS.region,
      postalCode: NY_ADDRESS.postalCode,
    },
  });
  if (!isObject(quote)) throw new Error("a quote that is not an object");
  const option = isObject(quote.selectedShippingOption)
    ? quote.selectedShippingOption.id
    : undefined;
  await v.must(
    "POST",
    "/api/checkout",
    {
      email,
      name: "Robin Shopper",
      address: NY_ADDRESS,
      ...(typeof option === "string" ? { shippingOptionId: option } : {}),
      expectedTotal: quote.total,
      card: GOOD_CARD,
    },
    { "idempotency-key": key },
  );
}

/**
 * Signs everyone in and writes, through the API, what the GET routes then show: an order (with
 * a subscription where the store sells one, and a discount code), a cart left with an item, an
 * abandoned cart, a chat, searches, a trade application or a garden design request.
 */
export async function setUp(
  run: Run,
  store: DemoStore,
  operator: Visitor | null,
): Promise<Visitors> {
  const { port, host } = { port: run.port, host: store.host };
  const owner = await signIn(port, host, store.owner, OWNER_PASSWORD);
  const shopper = store.shopper
    ? await signIn(port, host, store.shopper.email, store.shopper.password)
    : await registerShopper(run, store);
  const shopperEmail = store.shopper?.email ?? `gets.shopper@${store.dir}.test`;
  const trade = store.trade
    ? await signIn(port, host, store.trade.email, store.trade.password)
    : null;

  const items = await sellables(shopper);
  const [first, second] = items;
  if (!first) throw new Error(`${store.dir}: nothing to sell`);
  await shopper.must("POST", "/api/cart/items", { sku: first.sku, quantity: 1 });
  const subscribed = items.find((i) => i.subscription !== null);
  if (subscribed) {
    await shopper.must("POST", "/api/cart/items", {
      sku: subscribed.sku,
      quantity: 1,
      subscription_id: subscribed.subscription,
    });
  }
  if (store.createDiscount) {
    await owner.must("POST", "/api/admin/discounts", {
      code: store.discountCode,
      percentage: 10,
      maxRedemptions: 100,
    });
  }
  await shopper.must("PUT", "/api/cart/discount", { code: store.discountCode });
  await checkout(shopper, shopperEmail, `gets-${store.dir}-order-1`);
  // A cart left with an item: the cart, checkout and the cart's APIs have something to show.
  await shopper.must("POST", "/api/cart/items", { sku: (second ?? first).sku, quantity: 1 });
  await shopper.must("POST", "/api/chat", { message: store.chatMessage });

  // A visitor who searches, looks at a product and leaves a cart: the searches' report, the
  // dashboard's funnel and the abandoned carts' report, with what the visitor did.
  const guest = new Visitor(port, host);
  await guest.must("POST", "/metrics/initialize", { store_id: store.storeId });
  const visitStarted = Date.now();
  const startedAt = new Date(visitStarted).toISOString();
  await guest.must("POST", "/api/cart/items", { sku: first.sku, quantity: 1 });
  for (const q of SEARCHES) await guest.must("GET", `/api/search?q=${encodeURIComponent(q)}`);
  const firstHandle = listed(await guest.json("/api/products"), "handle")[0] ?? "";
  // The report shows the visit's length in whole seconds, from its start to the last beacon:
  // sent 2 s after the start, it is 2 whatever the machine's speed (half a second either way).
  await sleep(Math.max(0, visitStarted + VISIT_SECONDS * 1000 - Date.now()));
  await guest.must("POST", "/metrics/update-session-data", {
    cartEvents: [{ type: "item_added", sku: first.sku, quantity: 1, timestamp: startedAt }],
    productPageViews: [{ handle: firstHandle, timestamp: startedAt }],
    pagesViewed: 2,
    viewedPages: [
      { path: "/", timestamp: startedAt, duration: 12 },
      { path: `/products/${firstHandle}`, timestamp: startedAt, duration: 30 },
    ],
    searchHistory: SEARCHES.map((query) => ({
      query,
      timestamp: startedAt,
      duration: 5,
      scrolledProducts: [],
      clickedProducts: [],
    })),
    userEmail: `visitor@${store.dir}.test`,
    attribution: {
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      term: null,
      content: null,
      referrer: null,
      landingPage: "/",
    },
    cartStatus: "active",
    totalViewTime: 42,
    sessionStartTime: startedAt,
  });
  await guest.must("POST", "/metrics/abandoned-cart", {
    cartItems: [{ sku: first.sku, quantity: 1 }],
  });
  // The visit's state is written behind the answer, within a second (analytics/writer.ts).
  await waitForRows(
    run,
    "select count(*)::int as n from analytics_events where store_id = $1 and kind = 'search'",
    [store.storeId],
    SEARCHES.length,
  );

  if (store.tradeApplication) {
    await guest.must("POST", "/api/wholesale-applications", {
      businessName: "Wagging Tails Pet Supply",
      contactName: "Jordan Lee Parker",
      email: "jordan@waggingtails.test",
      phone: "+1 (828) 555-0142",
      taxId: "NC-RS-448812",
      website: "waggingtails.test",
      storeAddress: "88 Market Street\nAsheville, NC 28801",
      message: "We would like to stock the calming remedies.",
    });
  }
  if (store.designRequest) {
    await guest.must("POST", "/pbn/layouts", {
      store_id: store.storeId,
      layoutData: {
        name: "Robin Meadow",
        email: "robin@example.com",
        zipCode: "97214",
        where: "Backyard",
        dimensions: "24 feet x 12.5 feet",
        length: "24",
        width: "12.5",
        sunlight_hours: "Part sun (3-6 hours)",
        maintenance_level: "Low - Minimal care required",
        garden_style: ["Pollinator-friendly (butterflies, bees, hummingbirds)"],
        layout_shape: "Curved, flowing bed lines (more natural look)",
        symmetry_preference: "not-sure",
        color_preferences: "Blues and whites",
        plant_preferences: "No roses, please",
      },
    });
  }
  return {
    owner,
    shopper,
    ...(trade ? { trade } : {}),
    ...(operator && store.host === PLATFORM_HOST ? { operator } : {}),
  };
}
