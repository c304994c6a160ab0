// The discounts module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.

export { insertCodes } from "./open-store.ts";
export {
  claimOncePerCustomer,
  giveRedemptionBack,
  redeemCode,
  releaseCustomerUse,
} from "./redemptions.ts";
