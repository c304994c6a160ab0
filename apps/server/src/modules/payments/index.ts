import type { Config } from "../../config.ts";
import type { PaymentProvider } from "./provider.ts";
import { StripeProvider } from "./stripe-provider.ts";
import { TestCardProcessor } from "./test-processor.ts";

/** Stripe when its keys are set, else the built-in test-card processor. */
export function createPaymentProvider(config: Pick<Config, "stripe">): PaymentProvider {
  return config.stripe ? new StripeProvider(config.stripe) : new TestCardProcessor();
}
