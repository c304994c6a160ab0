// The stores module's face: what other modules, flows and the app may use of it.
export { mailStoreOwner, StoreMailer } from "./mail.ts";
export {
  getCheckoutSettings,
  getStoreFigures,
  getStripeAccount,
  getTradeTerms,
  StoreResolver,
  storeAnswer,
  storeBrandName,
  storeHomeOrigin,
  storeLinkOrigin,
} from "./service.ts";
