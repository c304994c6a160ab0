// The stores module's face: what other modules, flows and the app may use of it.
export { mailStoreOwner, StoreMailer } from "./mail.ts";
// For reading only, in other modules' queries (a store's currencies, domains, Stripe account, open
// or disabled): stores alone write them.
export { storeDomains, stores } from "./schema.ts";
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
export {
  changeStoreRow,
  setStoreCallout,
  setStoreLogoRow,
  setStoreMailSender,
} from "./store-writes.ts";
