import { chatEndpoints as chat } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { priceListOf, signedInUser } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { visitorSessionId, withVisitorSession } from "../../plugins/session.ts";
import { createAnswerer } from "./rules.ts";
import { endConversation, readConversation, sendChatMessage } from "./service.ts";

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);
  const answerer = createAnswerer(app.config.chatAnswerer);

  route(app, chat.conversation, async (request) => ({
    messages: await readConversation(
      app.db,
      request.storeId,
      visitorSessionId(request),
      new Date(),
    ),
  }));

  route(
    app,
    chat.send,
    async (request, reply) => {
      const user = await signedInUser(request);
      const priceList = await priceListOf(request);
      const messages = await withVisitorSession(request, reply, (sessionId, newSession) =>
        sendChatMessage(
          {
            db: app.db,
            mailer: app.mailer,
            background: app.background,
            limiter: app.rateLimiter,
            log: request.log,
            answerer,
          },
          {
            storeId: request.storeId,
            sessionId,
            newSession,
            ip: request.ip,
            currency: requestCurrency(request),
            priceList,
            user: user
              ? {
                  id: user.id,
                  email: user.email,
                  firstName: user.firstName,
                  pointsBalance: user.pointsBalance,
                  discountCode: user.discountCode,
                  discountPercentage: user.discountPercentage,
                }
              : null,
          },
          request.body,
          new Date(),
        ),
      );
      return { messages };
    },
    { bodyLimit: 8 * 1024 },
  );

  route(app, chat.startOver, async (request) => ({
    messages: await endConversation(app.db, request.storeId, visitorSessionId(request), new Date()),
  }));
};
