import net from "node:net";

/** The ports this repository's tests may listen on (a shared machine gives each work its range). */
const FIRST = 4600;
const LAST = 4699;

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port of 4600–4699 nothing listens on, tried from a random one (test files run at once). */
export async function freePort(): Promise<number> {
  const count = LAST - FIRST + 1;
  const start = Math.floor(Math.random() * count);
  for (let i = 0; i < count; i += 1) {
    const port = FIRST + ((start + i) % count);
    if (await free(port)) return port;
  }
  throw new Error(`no free port in ${FIRST}-${LAST}`);
}
