import type { Logger } from "./logger.ts";

/**
 * Work that runs after the answer has gone (sending mail), so an answer's timing does not tell
 * whether there was work to do. Failures are logged; `idle()` waits for everything started, and
 * the app waits for it before it closes.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();
  readonly #stopping = new AbortController();

  /**
   * Aborted when the server stops: work that is only a head start (the images' usual sizes,
   * made again on demand) ends there rather than hold the stop up. Mail is never cut short.
   */
  get stopping(): AbortSignal {
    return this.#stopping.signal;
  }

  constructor(private readonly log: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const pending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err }, `${name} failed`))
      .finally(() => this.#pending.delete(pending));
    this.#pending.add(pending);
  }

  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The server stops: what may end early is told so, and everything started is waited for. */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.idle();
  }
}
