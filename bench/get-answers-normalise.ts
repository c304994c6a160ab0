/**
 * What `bench/get-answers.ts` masks in a recorded answer so that two recordings of the same
 * commit on fresh databases are byte-identical, and a recording made on another day still
 * compares with the baseline. Only the values listed here are touched, each for the reason
 * given beside it; everything else an API client sees is kept as the server sent it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Dates this many days around the recording's day are taken to come from the clock (the demo
 * reviews go back 142 days, subscriptions and sessions run a few months ahead); the demo data
 * holds no literal date, and a date further away (a birthday, say) is left as it is.
 */
const CLOCK_WINDOW_DAYS = 500;

/** The months' English names, as the pages print them. */
const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" }),
);
const MONTH_INDEX = new Map<string, number>(
  MONTHS.flatMap((name, i) => [
    [name, i],
    [name.slice(0, 3), i],
  ]),
);

export interface NormaliseContext {
  /** Midnight UTC of the day the recording started, in ms. */
  day0: number;
  /** Labels of known ids (`sku=ITCHY-1`), from the recorded answers themselves. */
  labels: ReadonlyMap<string, string>;
  /**
   * Random values the recording's own setup made, each with what it stands for: the personal
   * discount code a newly registered account is given (its name and a random suffix).
   */
  literals: ReadonlyMap<string, string>;
}

// Version 4 (random) ids only: the nil and max UUIDs in a schema are no one's. No word boundary
// before: an id in an encoded URL follows "%2F".
export const UUID_PATTERN =
  /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?![0-9a-f])/g;

/** `<D-3>`: the day `utcMs` falls on, counted from the recording's day; null outside the window. */
function relativeDay(utcMs: number, ctx: NormaliseContext): string | null {
  if (!Number.isFinite(utcMs)) return null;
  const offset = Math.floor((utcMs - ctx.day0) / DAY_MS);
  if (Math.abs(offset) > CLOCK_WINDOW_DAYS) return null;
  return `<D${offset < 0 ? "-" : "+"}${Math.abs(offset)}>`;
}

/** A time of day's digits masked, its shape (precision, separators) kept: `<##:##:##.###>`. */
function maskTime(time: string): string {
  return `<${time.replace(/\d/g, "#")}>`;
}

/**
 * Clock values, wherever they are (JSON, HTML, CSV, headers): the seed dates the demo reviews
 * and products from "now", orders and carts are made during the recording, sessions and
 * subscriptions run from today, and the dashboard's ranges end today. Each becomes its day
 * counted from the recording's day (`<D-3>`), so a shifted date still shows, with the time of
 * day's digits masked.
 */
function maskClock(text: string, ctx: NormaliseContext): string {
  // ISO 8601 and PostgreSQL's text form: 2026-12-07T10:23:11.123Z, 2026-12-07 10:23:11+00.
  let out = text.replace(
    /\b(\d{4})-(\d{2})-(\d{2})([T ])(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?/g,
    (
      whole,
      y: string,
      m: string,
      d: string,
      sep: string,
      time: string,
      zone: string | undefined,
    ) => {
      const day = relativeDay(Date.UTC(Number(y), Number(m) - 1, Number(d)), ctx);
      return day ? `${day}${sep}${maskTime(time)}${zone ?? ""}` : whole;
    },
  );
  // Calendar days: 2026-12-07 (dashboard days, charge dates, the admin's date filters).
  out = out.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (whole, y: string, m: string, d: string) => {
    return relativeDay(Date.UTC(Number(y), Number(m) - 1, Number(d)), ctx) ?? whole;
  });
  // The pages' US forms: "Dec 7, 2026", "December 7, 2026", then ", 2:03 PM" after a day.
  const monthNames = [...MONTH_INDEX.keys()].sort((a, b) => b.length - a.length).join("|");
  out = out.replace(
    new RegExp(
      `\\b(${monthNames}) (\\d{1,2}), (\\d{4})((?:,| at) \\d{1,2}:\\d{2}(?::\\d{2})? ?[AP]M)?`,
      "g",
    ),
    (whole, month: string, d: string, y: string, time: string | undefined) => {
      const index = MONTH_INDEX.get(month);
      if (index === undefined) return whole;
      const day = relativeDay(Date.UTC(Number(y), index, Number(d)), ctx);
      if (!day) return whole;
      const style = month.length === 3 ? "medium" : "long";
      // The time of day, AM or PM included, is the clock's too.
      const at = time ? `${time.startsWith(",") ? "," : " at"} <h:mm xM>` : "";
      return `${day.slice(0, -1)} ${style}>${at}`;
    },
  );
  // HTTP dates (cookies' Expires, Last-Modified): Mon, 07 Dec 2026 01:12:55 GMT.
  out = out.replace(
    /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}:\d{2}:\d{2}) GMT\b/g,
    (whole, d: string, month: string, y: string, time: string) => {
      const index = MONTH_INDEX.get(month) ?? 0;
      const day = relativeDay(Date.UTC(Number(y), index, Number(d)), ctx);
      return day ? `${day} ${maskTime(time)} GMT` : whole;
    },
  );
  return out;
}

/**
 * Ids made by gen_random_uuid() (products, variants, collections, orders, carts, accounts…)
 * differ on every fresh database: a known one is named by what it is (`<uuid sku=ITCHY-1>`),
 * any other numbered in the order it first appears in this answer (`<uuid #2>`).
 */
function maskUuids(text: string, ctx: NormaliseContext): string {
  const seen = new Map<string, number>();
  return text.replace(UUID_PATTERN, (uuid) => {
    const label = ctx.labels.get(uuid);
    if (label) return `<uuid ${label}>`;
    let n = seen.get(uuid);
    if (n === undefined) {
      n = seen.size + 1;
      seen.set(uuid, n);
    }
    return `<uuid #${n}>`;
  });
}

/**
 * The web build's file names carry a hash of their content (`/assets/root-Bfvf6Hte.js`); the
 * web bundle changes independently of the server, so pages name them as `root-<hash>.js`.
 * React Router's manifest version (`"version":"c9a0f3e1"`, `manifest-c9a0f3e1.js`) likewise.
 */
function maskAssetHashes(text: string): string {
  return text
    .replace(
      /(\/assets\/[\w.-]+?)-[A-Za-z0-9_-]{8}\.(js|mjs|css|woff2?|ttf|otf|svg|png|jpe?g|webp|avif|gif|ico|json|map)\b/g,
      "$1-<hash>.$2",
    )
    .replace(/(\\?"version\\?":\s*\\?")[0-9a-f]{8}(\\?")/g, "$1<hash>$2");
}

/** A page's Content-Security-Policy nonce is new for every answer (web.ts). */
function maskNonces(text: string): string {
  return text
    .replace(/\bnonce="[A-Za-z0-9+/=_-]+"/g, 'nonce="<nonce>"')
    .replace(/'nonce-[A-Za-z0-9+/=_-]+'/g, "'nonce-<nonce>'");
}

/**
 * The built-in test-card processor names each charge and each kept card with random hex
 * (`test_ch_…`, `test_pm_…`, payments/test-processor.ts): the order's payment reference.
 */
function maskTestProcessorIds(text: string): string {
  return text.replace(/\b(test_(?:ch|pm))_[0-9a-f]{24}\b/g, "$1_<random>");
}

function maskLiterals(text: string, ctx: NormaliseContext): string {
  let out = text;
  for (const [value, label] of ctx.literals) out = out.replaceAll(value, `<${label}>`);
  return out;
}

/** The masks every answer's body and headers get, in this order. */
export function normaliseText(text: string, ctx: NormaliseContext): string {
  const masked = maskTestProcessorIds(maskLiterals(text, ctx));
  return maskNonces(maskAssetHashes(maskUuids(maskClock(masked, ctx), ctx)));
}

/** Headers left out of a recording, each with why. */
export const DROPPED_HEADERS: Readonly<Record<string, string>> = {
  date: "the server's clock",
  connection: "the connection, not the answer",
  "keep-alive": "the connection, not the answer",
  "transfer-encoding": "how the body was framed; the body itself is recorded",
  "content-length": "the body's length before masking; the body itself is recorded",
};

/**
 * Header values masked, each with why (the header itself is kept, so its presence still shows).
 * Returns null when the value is kept as it is (after normaliseText).
 */
export function maskHeader(name: string, value: string): string | null {
  switch (name) {
    case "etag":
      // A hash of the page's body (which holds masked values) or of a file's size and mtime.
      return "<etag>";
    case "last-modified":
      // A file's modification time: when the build or the media folder was made.
      return "<last-modified>";
    case "x-page-cache":
      // hit, stale or miss: whether an earlier request of this run rendered the page, and how
      // long ago (PAGE_FRESH_S), which depends on the machine's speed.
      return "<state>";
    case "content-security-policy":
      // A shared page's policy names its inline scripts by hash (web.ts); they hold the page's
      // data, with the values masked above.
      return value.replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-<hash>'");
    case "set-cookie":
      // Session, sign-in and device tokens are random; the cookie's name and attributes stay.
      return value.replace(/^([^=]+)=([^;]*)/, (_, cookie: string, v: string) =>
        v === "" ? `${cookie}=` : `${cookie}=<token>`,
      );
    default:
      return null;
  }
}
