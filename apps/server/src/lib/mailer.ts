import { formatAddress, type MailAddress } from "@storefront/domain";
import { desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { compiled } from "../db/compiled.ts";
import type { Database } from "../db/index.ts";
import { outbox } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

/** One message from a store to one address. */
export interface MailMessage {
  storeId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes when it is not the sender (a visitor who wrote to the store). */
  replyTo?: string;
  /** Who it is from; else the platform's MAIL_FROM. */
  from?: MailAddress;
}

/** Sends the store's mail: over SMTP when SMTP_URL is set, else into the `outbox` table. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer over SMTP_URL (smtp://user:pass@host:port, or smtps:// for TLS from the start). */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(url);
  }

  async send({ to, subject, text, html, replyTo, from }: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: from ?? this.from, to, subject, text, html, replyTo });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}

const keptMail = compiled(
  ["storeId", "from", "to", "replyTo", "subject", "text", "html"],
  (db, p) => db.insert(outbox).values(p).returning({ id: outbox.id }),
);

/**
 * Without SMTP: the message is stored in `outbox` (where a developer reads it) and one log line
 * says so. The log names the message, never its body: a body may hold a reset link.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Database,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send({ storeId, to, subject, text, html, replyTo, from }: MailMessage): Promise<void> {
    const [row] = await keptMail(this.db, {
      storeId,
      from: from ? formatAddress(from) : this.from,
      to,
      replyTo: replyTo ?? null,
      subject,
      text,
      html: html ?? null,
    });
    this.log.info(
      // The recipient and the body (links with tokens) stay in the table, out of the log.
      { mailId: row?.id, storeId, subject },
      "mail kept in the outbox table, not sent (SMTP_URL is not set); read it with npm run mail",
    );
  }

  async close(): Promise<void> {}
}

/** A message kept in the outbox, as `npm run mail` shows it. */
export interface KeptMessage {
  storeId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** The newest messages of the outbox, newest first; only those to `to` (any case) when given. */
export function readOutbox(
  db: Database,
  options: { to?: string | undefined; limit: number },
): Promise<KeptMessage[]> {
  const query = db
    .select({
      storeId: outbox.storeId,
      from: outbox.from,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      createdAt: outbox.createdAt,
    })
    .from(outbox);
  const filtered = options.to
    ? query.where(eq(sql`lower(${outbox.to})`, options.to.trim().toLowerCase()))
    : query;
  return filtered.orderBy(desc(outbox.createdAt)).limit(options.limit);
}

export function createMailer(
  config: { smtpUrl: string | null; mailFrom: string },
  db: Database,
  log: Logger,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(db, config.mailFrom, log);
}
