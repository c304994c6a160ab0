/**
 * The reference server every store figure is compared with: bare node:http, answering
 * "hello world", n random bytes, or the product page's saved answer from memory.
 */
import { type ManagedChild, startChild } from "./children.ts";

// GET /bytes/<n> answers n fixed random bytes: node:http with a body like a compressed page's
// (as large, and as incompressible), so the load generator's own cost per response can be told
// apart from the store's. autocannon spends far more on such a body than on n ASCII bytes.
const HELLO_WORLD_SOURCE = `
const http = require("node:http");
const bodies = new Map();
let replay = null;
http
  .createServer((req, res) => {
    // The product page's answer as the store sent it (bytes and headers), from memory.
    if (req.url === "/replay") {
      if (replay === null) {
        const saved = JSON.parse(require("node:fs").readFileSync(process.env.REPLAY_FILE, "utf8"));
        replay = { headers: saved.headers, body: Buffer.from(saved.body, "base64") };
      }
      res.writeHead(200, replay.headers);
      res.end(replay.body);
      return;
    }
    const sized = /^\\/bytes\\/(\\d{1,7})$/.exec(req.url);
    if (sized) {
      const n = Number(sized[1]);
      if (!bodies.has(n)) bodies.set(n, require("node:crypto").randomBytes(n));
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(bodies.get(n));
      return;
    }
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("hello world");
  })
  .listen(Number(process.env.PORT), () => console.log("hello-world ready"));
process.on("SIGTERM", () => process.exit(0));
`;

/** Starts it on `port`; GET /replay answers what `replayFile` holds (saveReplay). */
export function startHelloWorld(port: number, replayFile: string): ManagedChild {
  return startChild("hello-world server", ["-e", HELLO_WORLD_SOURCE], {
    ...process.env,
    PORT: String(port),
    REPLAY_FILE: replayFile,
  });
}
