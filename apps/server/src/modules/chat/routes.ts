import { ChatConversationSchema, ChatRequestSchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { priceListOf, signedInUser } from "../../plugins/auth.ts";
import { requestCurrency } from "../../plugins/currency.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { visitorSessionId, withVisitorSession } from "../../plugins/session.ts";
import { createAnswerer } from "./rules.ts";
import { endConversation, readConversation, sendChatMessage } from "./service.ts";

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);
  const answerer = createAnswerer(app.config.chatAnswerer);

  app.get(
    "/api/chat",
    {
      schema: {
        tags: ["chat"],
        summary:
          "The visitor's open conversation with the support chatbot (the greeting alone when none)",
        response: { 200: ChatConversationSchema },
      },
    },
    async (request) => ({
      messages: await readConversation(
        app.db,
        request.storeId,
        visitorSessionId(request),
        new Date(),
      ),
    }),
  );

  app.post(
    "/api/chat",
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags: ["chat"],
        summary:
          "Sends the visitor's message (or a quick action of the store's chatbot config) and answers the messages added: theirs and the bot's, from the store's catalogue, orders, codes and pages",
        body: ChatRequestSchema,
        response: { 200: ChatConversationSchema },
      },
    },
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
  );

  app.delete(
    "/api/chat",
    {
      schema: {
        tags: ["chat"],
        summary:
          "Start over: ends the visitor's conversation (kept for the store) and answers the greeting",
        response: { 200: ChatConversationSchema },
      },
    },
    async (request) => ({
      messages: await endConversation(
        app.db,
        request.storeId,
        visitorSessionId(request),
        new Date(),
      ),
    }),
  );
};
