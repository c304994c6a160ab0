import { type MailAddress, storeSender } from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import {
  type MailData,
  type MailLook,
  type MailName,
  sendMail,
  storeMailHtml,
  textAsHtml,
} from "../../mail/index.ts";
import { stores } from "./schema.ts";
import { storeAnswer, storeHomeOrigin } from "./service.ts";

/** Who a store's mail is from, where replies go, and how its mail looks. */
export interface MailIdentity extends MailLook {
  from: MailAddress;
  replyTo: string;
}

/** Colours a mail may carry: hex values only (they go into style attributes). */
const HEX = /^#[0-9a-f]{3,8}$/i;
const DEFAULT_COLOURS = {
  primary: "#1f2937",
  background: "#ffffff",
  text: "#111827",
  muted: "#6b7280",
};

/**
 * The store's mail identity, kept as the store information is (a change reaches every instance
 * at once): its own sender name and address once it sets them, else its brand name with the
 * platform's address (`platformFrom`, MAIL_FROM); replies to its owner; its logo and colours.
 * Null for a store that does not exist.
 */
export function storeMailIdentity(
  db: Database,
  storeId: string,
  platformFrom: string,
): Promise<MailIdentity | null> {
  return storeAnswer(db, `mail ${storeId}`, async () => {
    const [row] = await db
      .select({
        brand: stores.brandName,
        logo: stores.logo,
        theme: stores.theme,
        owner: stores.ownerEmail,
        name: stores.mailFromName,
        address: stores.mailFromAddress,
      })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!row) return null;
    const origin = await storeHomeOrigin(db, storeId);
    const logoUrl = /^https:\/\//.test(row.logo)
      ? row.logo
      : origin && row.logo.startsWith("/")
        ? `${origin}${row.logo}`
        : null;
    const colours = ((row.theme ?? {}) as { colors?: Record<string, unknown> }).colors ?? {};
    const pick = (key: string, fallback: string) => {
      const value = colours[key];
      return typeof value === "string" && HEX.test(value) ? value : fallback;
    };
    return {
      from: storeSender(row, row.brand, platformFrom),
      replyTo: row.owner,
      brand: row.brand,
      logoUrl,
      colours: {
        primary: pick("primary", DEFAULT_COLOURS.primary),
        background: pick("background", DEFAULT_COLOURS.background),
        text: pick("text", DEFAULT_COLOURS.text),
        muted: pick("textSecondary", DEFAULT_COLOURS.muted),
      },
    };
  });
}

/** The mails that tell a store's owner what a visitor sent. */
type OwnerNotice = Extract<MailName, "tradeApplication" | "designRequest" | "chatQuestion">;

/**
 * Sends the store's owner a notice (a trade application, a garden design request, a chat
 * question) with the store's name; a store that is gone gets none.
 */
export async function mailStoreOwner<N extends OwnerNotice>(
  { db, mailer }: { db: Database; mailer: Mailer },
  envelope: { storeId: string; replyTo?: string },
  name: N,
  data: Omit<MailData<N>, "brand">,
): Promise<void> {
  const [store] = await db
    .select({ brand: stores.brandName, owner: stores.ownerEmail })
    .from(stores)
    .where(eq(stores.id, envelope.storeId));
  if (!store) return;
  // The notice's data is the caller's and the store's name (`brand`), read here.
  const full = { ...data, brand: store.brand } as MailData<N>;
  await sendMail(mailer, name, { ...envelope, to: store.owner }, full);
}

/**
 * Sends each message as its store: from the store's sender, replies to its owner (unless the
 * message names someone else, such as the visitor who wrote), in the store's frame.
 */
export class StoreMailer implements Mailer {
  constructor(
    readonly inner: Mailer,
    private readonly db: Database,
    private readonly platformFrom: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async send(message: MailMessage): Promise<void> {
    // A store that cannot be read now (the database is slow or down) still gets its mail out,
    // from the platform's sender and without the store's frame, rather than losing it.
    const identity = await storeMailIdentity(this.db, message.storeId, this.platformFrom).catch(
      (error: unknown) => {
        this.log.warn(
          { err: { message: (error as Error).message }, storeId: message.storeId },
          "the store's mail identity could not be read: sent from the platform's sender",
        );
        return null;
      },
    );
    if (!identity) return this.inner.send(message);
    return this.inner.send({
      ...message,
      from: message.from ?? identity.from,
      replyTo: message.replyTo ?? identity.replyTo,
      html: storeMailHtml(identity, message.html ?? textAsHtml(message.text)),
    });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
