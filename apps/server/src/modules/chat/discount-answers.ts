// The discount answers: free shipping, the store's public codes, and the shopper's points and
// personal code (or, for a trade account, its trade terms).
import {
  type ChatMessage,
  COUNTRIES,
  COUNTRY_WORDS,
  countryOfCurrency,
  currencyOfCountry,
  formatMoney,
  pointsValue,
  TRADE_MESSAGES,
} from "@storefront/domain";
import { discountInCurrency, publicCodes } from "../discounts/index.ts";
import { getCheckoutSettings, getTradeTerms } from "../stores/index.ts";
import type { ChatContext, ChatReply } from "./answerer.ts";
import { bot, reply } from "./replies.ts";

/** What applies today: free shipping, the store's public codes, the shopper's points and code. */
export async function discounts(context: ChatContext): Promise<ChatReply> {
  const { currency, visitor } = context;
  const messages: ChatMessage[] = [];
  const { freeShipping } = await getCheckoutSettings(context.db, context.storeId);
  const home = countryOfCurrency(currency);
  const own = freeShipping[home];
  // Where the store ships free in another currency, said so a shopper can choose it.
  const elsewhere = COUNTRIES.flatMap((country) => {
    const threshold = freeShipping[country];
    return country !== home && threshold !== undefined ? [{ country, threshold }] : [];
  })[0];
  const message =
    own !== undefined
      ? `Orders of ${formatMoney(own, currency)} or more ship free within ${COUNTRY_WORDS[home].place}.`
      : elsewhere !== undefined
        ? `Free shipping is for ${COUNTRY_WORDS[elsewhere.country].adjective} orders paid in ${COUNTRY_WORDS[elsewhere.country].money}, of ${formatMoney(elsewhere.threshold, currencyOfCountry(elsewhere.country))} or more; orders in ${COUNTRY_WORDS[home].money} pay the shipping shown at checkout.`
        : null;
  if (message !== null) {
    messages.push(
      bot<"DISCOUNT">(context, { type: "DISCOUNT", discountType: "free_shipping", message }),
    );
  }
  const codes = await publicCodes(context.db, context.storeId);
  const offers = codes.flatMap((code) => {
    const terms = discountInCurrency(code, currency);
    const { discount_percentage: percentage, discount_amount: amount } = terms;
    const cap = terms.max_redeemable_amount;
    const off =
      percentage != null
        ? `${percentage}% off${cap != null ? ` (at most ${formatMoney(cap, currency)})` : ""}`
        : amount != null
          ? `${formatMoney(amount, currency)} off`
          : null;
    return off
      ? [
          `${code.code.toUpperCase()} for ${off}${code.oncePerCustomer ? ", once per customer" : ""}`,
        ]
      : [];
  });
  messages.push(
    bot<"DISCOUNT">(context, {
      type: "DISCOUNT",
      discountType: offers.length > 0 ? "code" : "none",
      message:
        offers.length > 0
          ? `You can use ${offers.join("; or ")}: enter it in your cart.`
          : "There is no discount code to share right now.",
    }),
  );
  if (visitor && context.priceList === "trade") {
    // A trade account buys at trade prices: no points, no personal codes, and a least order.
    const minimum = (await getTradeTerms(context.db, context.storeId)).minimumOrder[currency];
    messages.push(
      bot<"DISCOUNT">(context, {
        type: "DISCOUNT",
        discountType: "points",
        message: `You see our trade prices. ${TRADE_MESSAGES.points} ${TRADE_MESSAGES.personalCode}${
          minimum !== undefined
            ? ` Trade orders start at ${formatMoney(minimum, currency)} before shipping and tax.`
            : ""
        }`,
      }),
    );
  } else if (visitor) {
    messages.push(
      bot<"DISCOUNT">(context, {
        type: "DISCOUNT",
        discountType: "points",
        message:
          visitor.pointsBalance > 0
            ? `You have ${visitor.pointsBalance} points, worth ${formatMoney(pointsValue(visitor.pointsBalance), currency)} off your next order at checkout.`
            : "You have no points yet: every order earns some.",
      }),
    );
    if (visitor.discountCode) {
      messages.push(
        bot<"DISCOUNT">(context, {
          type: "DISCOUNT",
          discountType: "personal_code",
          message: `Your personal code ${visitor.discountCode} gives your friends ${visitor.discountPercentage}% off their order.`,
        }),
      );
    }
  } else {
    const last = messages.at(-1);
    if (last) last.message += " Sign in to see your points.";
  }
  return reply(messages);
}
