import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createTestApp, madeBeforeAll, readThrough } from "./helper.ts";

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on this machine, on a free port, keeping what it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next message to arrive (or the first not yet taken). */
    next(): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail arrived")), 10_000);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test app that sends its mail to an SMTP server of its own on this machine (`smtp`), both
 * made before the file's (or describe block's) tests and closed after them; `overrides` and
 * `options` as createTestApp takes them. `t` and `smtp` read as the app and the server.
 */
export function useSmtpTestApp(...[overrides, options]: Parameters<typeof createTestApp>) {
  const current = madeBeforeAll(
    async () => {
      const smtp = await startSmtpServer();
      return { smtp, t: await createTestApp({ smtpUrl: smtp.url, ...overrides }, options) };
    },
    async ({ t, smtp }) => {
      await t.close();
      await smtp.close();
    },
  );
  const t = readThrough(() => current().t);
  const smtp = readThrough(() => current().smtp);
  return { t, smtp };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The headers and the decoded text/plain body of a MIME message (one level of multipart). */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = (part: string) => {
    const at = part.indexOf("\r\n\r\n");
    const head = part.slice(0, at).replace(/\r\n[ \t]+/g, " ");
    const headers: Record<string, string> = {};
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, body: part.slice(at + 4) };
  };
  const decode = (headers: Record<string, string>, body: string) => {
    const encoding = headers["content-transfer-encoding"]?.toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    return body;
  };
  const message = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers: message.headers, text: decode(message.headers, message.body) };
  for (const part of message.body.split(`--${boundary}`).slice(1)) {
    const { headers, body } = split(part.replace(/^\r\n/, ""));
    if (headers["content-type"]?.startsWith("text/plain")) {
      return { headers: message.headers, text: decode(headers, body) };
    }
  }
  throw new Error("no text/plain part");
}
