import type { FastifyInstance } from "fastify";
import { releaseExpiredHolds } from "../flows/cancel-order.ts";
import { renewSubscriptions } from "../flows/renew-subscription/index.ts";
import { pruneAnalytics, sendCartReminders } from "../modules/analytics/index.ts";
import { createJobRunner, type JobRunner } from "./runner.ts";

/**
 * Every timed job of the server, in one place: releasing payment holds past their 30 minutes,
 * the subscriptions' renewals, the abandoned-cart reminders and the retention of analytics.
 */
export function createJobs(app: FastifyInstance, databaseUrl: string): JobRunner {
  const { db } = app;
  return createJobRunner(databaseUrl, app.log)
    .add({
      name: "release-expired-holds",
      cron: "* * * * *",
      run: (now) => releaseExpiredHolds(db, app.payments, now, app.log),
    })
    .add({
      name: "abandoned-cart-reminders",
      cron: "* * * * *",
      run: (now) =>
        sendCartReminders({ db, mailer: app.mailer, log: app.log, key: app.sessionKey }, now),
    })
    .add({
      name: "subscription-renewals",
      cron: "*/10 * * * *",
      run: (now) =>
        renewSubscriptions(
          {
            db,
            payments: app.payments,
            mailer: app.mailer,
            log: app.log,
            linkKey: app.sessionKey,
          },
          now,
        ),
    })
    .add({
      name: "analytics-retention",
      cron: "17 3 * * *",
      run: (now) => pruneAnalytics(db, now),
    });
}
