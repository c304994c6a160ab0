// The payments module's face: what other modules, flows and the app may use of it.
export { type CardPayments, type PayingStore, Payments } from "./payments.ts";
export type {
  ChargeRequest,
  PaymentEvent,
  PaymentProvider,
  SaveCardResult,
  SavedMethod,
} from "./provider.ts";
export { RefundRefusedError } from "./provider.ts";
