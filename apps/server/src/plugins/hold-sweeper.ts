import type { FastifyInstance } from "fastify";
import { releaseExpiredHolds } from "../modules/orders/expired-holds.ts";

/** How often the sweeper looks for holds whose 30 minutes have passed. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Releases the stock holds of payments not completed within 30 minutes, every minute, while the
 * app is open. The timer does not keep the process alive, and closing the app stops it.
 */
export function registerHoldSweeper(app: FastifyInstance): void {
  const sweeper = setInterval(() => {
    releaseExpiredHolds(app.db, app.payments, new Date(), app.log).catch((err: unknown) =>
      app.log.error({ err }, "releasing expired payment holds failed"),
    );
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
  });
}
