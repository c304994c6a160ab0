import net from "node:net";

/**
 * A TCP stand-in between the server and a dependency, to take the dependency away in a test:
 * "forward" passes bytes through; "refuse" resets every connection (and new ones at once);
 * "black-hole" accepts and never answers (existing connections go silent too).
 */
export class TcpProxy {
  mode: "forward" | "refuse" | "black-hole" = "forward";
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.#server = net.createServer((client) => this.#accept(client));
  }

  /** On `port`, or any free one (0). */
  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(port, "127.0.0.1", resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  #accept(client: net.Socket): void {
    this.#track(client);
    if (this.mode === "refuse") {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === "black-hole") return;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.#track(upstream);
    client.on("data", (chunk) => {
      if (this.mode === "forward") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (this.mode === "forward") client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }

  #track(socket: net.Socket): void {
    this.#sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => this.#sockets.delete(socket));
  }

  /** Refuse from now on, and reset every open connection. */
  refuse(): void {
    this.mode = "refuse";
    for (const socket of this.#sockets) socket.resetAndDestroy();
  }

  /** Go silent: open connections stay open and get no answer; new ones are accepted, ignored. */
  blackHole(): void {
    this.mode = "black-hole";
  }

  /** Back to passing bytes through (for new connections; silenced ones stay silent). */
  restore(): void {
    this.mode = "forward";
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
