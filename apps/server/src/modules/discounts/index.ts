// The discounts module's face: what other modules, flows and the app may use of it.

export type { DiscountCode } from "./service.ts";
export {
  discountInCurrency,
  findActiveCode,
  findRedeemableCode,
  notExpired,
  publicCodes,
} from "./service.ts";
