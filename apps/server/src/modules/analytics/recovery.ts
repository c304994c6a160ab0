import {
  type CartView,
  DomainError,
  RECOVERY_LINK_DAYS,
  RECOVERY_MESSAGES,
  RECOVERY_RETURN_GRACE_MS,
} from "@storefront/domain";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { sign, unsign } from "../../lib/session-key.ts";
import { newToken, tokenHash } from "../../lib/tokens.ts";
import { sendMail } from "../../mail/index.ts";
import {
  carts,
  claimCartReminder,
  reactivateAbandonedCart,
  releaseCartReminder,
  storedCartView,
} from "../cart/index.ts";
import { storeBrandName } from "../stores/index.ts";
import { cartRecoveryTokens, emailOptOuts } from "./schema.ts";

export interface RecoveryDeps {
  db: Database;
  mailer: Mailer;
  log: Logger;
  /** Signs the unsubscribe links (the server's session key). */
  key: Buffer;
}

/** Carts looked at per run; the next run takes the rest. */
const BATCH = 100;
/** Tries to send one reminder before giving up. */
const MAX_ATTEMPTS = 3;
/** A cart abandoned longer ago than this is not reminded any more. */
const OLDEST_DAYS = 7;

interface Candidate {
  id: string;
  store_id: string;
  abandoned_at: Date | string;
  recovery_origin: string;
  email: string;
  last_seen_at: Date | string | null;
  brand_name: string;
}

/**
 * The abandoned carts due a reminder: abandoned for the store's delay or longer, never reminded,
 * with lines, a link origin, and an email (the account's, else the one the newest visit of the
 * cart's guest session recorded) that has not unsubscribed from the store.
 */
function dueCarts(db: Database, now: Date): Promise<Candidate[]> {
  return selectRows<Candidate>(
    db,
    sql`
    select c.id, c.store_id, c.abandoned_at, c.recovery_origin, s.brand_name,
      coalesce(u.email, v.user_email) as email, v.last_seen_at
    from carts c
    join stores s on s.id = c.store_id
    left join users u on u.id = c.user_id
    left join lateral (
      select a.user_email, a.last_seen_at from analytics_sessions a
      where a.store_id = c.store_id
        and ((c.session_id is not null and a.visitor_session_id = c.session_id)
          or (c.user_id is not null and a.user_id = c.user_id))
      order by a.last_seen_at desc limit 1
    ) v on true
    where c.status = 'abandoned'
      -- A disabled store mails nobody: its links would lead to "Store not found".
      and s.disabled_at is null
      and c.recovery_emailed_at is null
      and c.recovery_attempts < ${MAX_ATTEMPTS}
      and c.recovery_origin is not null
      and c.abandoned_at <= ${now}::timestamptz
        - make_interval(mins => (s.analytics_settings ->> 'recoveryDelayMinutes')::int)
      and c.abandoned_at > ${now}::timestamptz - make_interval(days => ${OLDEST_DAYS})
      and coalesce(u.email, v.user_email) is not null
      and exists (select 1 from cart_lines l where l.cart_id = c.id)
      and not exists (
        select 1 from email_opt_outs o
        where o.store_id = c.store_id
          and o.email = lower(trim(coalesce(u.email, v.user_email)))
      )
      -- One reminder a day to an address, whatever the number of carts (or of forged visits).
      and not exists (
        select 1 from cart_recovery_tokens t
        where t.store_id = c.store_id
          and t.email = lower(trim(coalesce(u.email, v.user_email)))
          and t.created_at > ${now}::timestamptz - interval '1 day'
      )
    order by c.abandoned_at
    limit ${BATCH}
  `,
  );
}

/** A visitor seen after leaving the cart is back: the cart is active again, and not reminded. */
async function cameBack(db: Database, cart: Candidate): Promise<boolean> {
  if (cart.last_seen_at === null) return false;
  const seen = new Date(cart.last_seen_at).getTime();
  const left = new Date(cart.abandoned_at).getTime();
  if (seen <= left + RECOVERY_RETURN_GRACE_MS) return false;
  await reactivateAbandonedCart(db, cart.id);
  return true;
}

/** The unsubscribe link's token: the store and the address, signed with the server's key. */
export function unsubscribeToken(key: Buffer, storeId: string, email: string): string {
  const value = Buffer.from(JSON.stringify([storeId, mailbox(email)])).toString("base64url");
  // The prefix keeps it from ever being taken for a signed guest-session id (same key).
  return sign(key, `unsub.${value}`);
}

/** An address as reminders and opt-outs compare it (lower case, no outer spaces). */
function mailbox(email: string): string {
  return email.trim().toLowerCase();
}

/** The reminder: the cart's lines and total, a link that restores it, and a way to stop them. */
async function sendReminder(deps: RecoveryDeps, cart: Candidate, now: Date): Promise<void> {
  const [row] = await deps.db.select().from(carts).where(eq(carts.id, cart.id));
  if (!row) return;
  const view: CartView = await storedCartView(deps.db, row);
  const token = newToken();
  const [link] = await deps.db
    .insert(cartRecoveryTokens)
    .values({
      storeId: cart.store_id,
      cartId: cart.id,
      tokenHash: tokenHash(token),
      email: mailbox(cart.email),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RECOVERY_LINK_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning({ id: cartRecoveryTokens.id });
  const origin = cart.recovery_origin;
  const restore = `${origin}/cart/recover?token=${encodeURIComponent(token)}`;
  const unsubscribe = `${origin}/email/unsubscribe?token=${encodeURIComponent(
    unsubscribeToken(deps.key, cart.store_id, cart.email),
  )}`;
  try {
    await sendMail(
      deps.mailer,
      "cartReminder",
      { storeId: cart.store_id, to: cart.email },
      { brand: cart.brand_name, cart: view, restoreUrl: restore, unsubscribeUrl: unsubscribe },
    );
  } catch (err) {
    // Not sent: its link goes with it.
    if (link) await deps.db.delete(cartRecoveryTokens).where(eq(cartRecoveryTokens.id, link.id));
    throw err;
  }
}

/**
 * The abandoned-cart job: one reminder for each cart abandoned for its store's delay, with a
 * known email that has not unsubscribed; none for a cart bought, emptied or in use again since,
 * or reminded already. Safe to run on several instances at once (each reminder is claimed in
 * one guarded statement). Answers how many were sent.
 */
export async function sendCartReminders(deps: RecoveryDeps, now: Date): Promise<number> {
  let sent = 0;
  // One reminder a day to an address: the query sees yesterday's, this set today's run.
  const mailed = new Set<string>();
  for (const cart of await dueCarts(deps.db, now)) {
    if (mailed.has(mailbox(cart.email))) continue;
    if (await cameBack(deps.db, cart)) continue;
    if (!(await claimCartReminder(deps.db, cart.id, now))) continue;
    try {
      await sendReminder(deps, cart, now);
      mailed.add(mailbox(cart.email));
      sent += 1;
    } catch (err) {
      // Not sent: the next run tries again, up to MAX_ATTEMPTS tries.
      deps.log.error({ err, cart: cart.id }, "sending a cart reminder failed");
      await releaseCartReminder(deps.db, cart.id);
    }
  }
  return sent;
}

/** The live recovery link a token names: unspent and unexpired, in the store. */
function liveLink(storeId: string, token: string, now: Date) {
  return and(
    eq(cartRecoveryTokens.tokenHash, tokenHash(token)),
    eq(cartRecoveryTokens.storeId, storeId),
    isNull(cartRecoveryTokens.usedAt),
    gt(cartRecoveryTokens.expiresAt, now),
  );
}

/**
 * The link a recovery token names and the abandoned cart it puts back; an unknown, used or
 * expired link, or a cart bought since (its lines are paid for), is a 400.
 */
export async function openRecoveryLink(
  db: Database,
  storeId: string,
  token: string,
  now: Date,
): Promise<{ linkId: string; cart: typeof carts.$inferSelect }> {
  const [link] = await db
    .select({ id: cartRecoveryTokens.id, cartId: cartRecoveryTokens.cartId })
    .from(cartRecoveryTokens)
    .where(liveLink(storeId, token, now));
  const [cart] = link ? await db.select().from(carts).where(eq(carts.id, link.cartId)) : [];
  if (!link || !cart || cart.status === "purchased") {
    throw new DomainError("invalid", RECOVERY_MESSAGES.linkInvalid);
  }
  return { linkId: link.id, cart };
}

/** The link has put its cart back: it works no more. */
export async function spendRecoveryLink(
  db: Database,
  storeId: string,
  token: string,
  linkId: string,
  now: Date,
): Promise<void> {
  await db
    .update(cartRecoveryTokens)
    .set({ usedAt: now })
    .where(and(liveLink(storeId, token, now), eq(cartRecoveryTokens.id, linkId)));
}

/**
 * An unsubscribe link followed (POST /api/email/unsubscribe): the address gets no more cart
 * reminders from the store. Answers the store's message; a forged link is a 400.
 */
export async function unsubscribe(
  db: Database,
  key: Buffer,
  storeId: string,
  token: string,
): Promise<string> {
  const value = unsign(key, token);
  let parsed: unknown = null;
  try {
    parsed = value?.startsWith("unsub.")
      ? JSON.parse(Buffer.from(value.slice("unsub.".length), "base64url").toString())
      : null;
  } catch {
    parsed = null;
  }
  const pair = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  const [forStore, email] = pair;
  if (pair.length !== 2 || forStore !== storeId || typeof email !== "string") {
    throw new DomainError("invalid", RECOVERY_MESSAGES.unsubscribeInvalid);
  }
  await db
    .insert(emailOptOuts)
    .values({ storeId, email: mailbox(email) })
    .onConflictDoNothing();
  return RECOVERY_MESSAGES.unsubscribed((await storeBrandName(db, storeId)) ?? "this store");
}

/**
 * Tables kept as long as the visits that made them, with the time each row is dated by: the
 * searches that found nothing, the chat's conversations, and the questions it passed on (the
 * owner has had them by mail).
 */
const KEPT_AS_LONG_AS_VISITS = [
  ["search_query_results", "searched_at"],
  ["chat_conversations", "updated_at"],
  ["chat_questions", "created_at"],
] as const;

/** Deletes what a store keeps no longer: visits past its retention days, spent or old links. */
export async function pruneAnalytics(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from analytics_sessions a using stores s
    where a.store_id = s.id
      and a.last_seen_at < ${now}::timestamptz
        - make_interval(days => (s.analytics_settings ->> 'retentionDays')::int)
  `);
  await db.delete(cartRecoveryTokens).where(lt(cartRecoveryTokens.expiresAt, now));
  for (const [table, at] of KEPT_AS_LONG_AS_VISITS) {
    await db.execute(sql`
      delete from ${sql.identifier(table)} t using stores s
      where t.store_id = s.id
        and t.${sql.identifier(at)} < ${now}::timestamptz
          - make_interval(days => (s.analytics_settings ->> 'retentionDays')::int)
    `);
  }
  return (
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}
