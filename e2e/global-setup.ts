import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { mailDir, SMTP_PORT } from "./playwright.config";

/**
 * A real local SMTP server for the run: the store sends its mail to it (SMTP_URL), and every
 * message is written to `mailDir` as `{n}-{recipient}.eml` for the tests to read.
 */
export default async function globalSetup() {
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const to = session.envelope.rcptTo[0]?.address ?? "unknown";
        fs.writeFileSync(path.join(mailDir, `${count}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMTP_PORT, "127.0.0.1", () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
