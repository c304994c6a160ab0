// The product answers: the store's remedies for what the shopper describes, through the search.
import { CHAT_LIMITS, productWords } from "@storefront/domain";
import { find } from "../search/index.ts";
import type { ChatContext, ChatReply } from "./answerer.ts";
import { bot, reply } from "./replies.ts";

/** The store's remedies for what the shopper describes ("my dog keeps scratching"). */
export async function recommend(context: ChatContext, text: string): Promise<ChatReply | null> {
  const words = productWords(text);
  if (words === "") return null;
  const found = await find(context.db, context.storeId, {
    q: words,
    limit: CHAT_LIMITS.products,
    type: "product",
    currency: context.currency,
    priceList: context.priceList,
  });
  const [first, ...others] = found.products;
  if (!first) return null;
  return reply([
    bot<"PRODUCT_RECOMMENDATION">(context, {
      type: "PRODUCT_RECOMMENDATION",
      message:
        others.length > 0
          ? `I'd suggest ${first.product_title}. These may help too:`
          : `I'd suggest ${first.product_title}:`,
      products: found.products,
      productHandle: first.handle,
    }),
  ]);
}
