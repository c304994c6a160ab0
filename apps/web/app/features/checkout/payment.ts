/** What the Stripe Payment Element offers the checkout form once it is ready. */
export interface StripeBridge {
  /** Checks the Payment Element's fields (elements.submit()); a message when they are refused. */
  prepare(): Promise<string | null>;
  /** Confirms the order's PaymentIntent; a message when the card is refused. */
  confirm(clientSecret: string, returnUrl: string): Promise<string | null>;
}

/** Whether the card can be taken: the test processor is always ready; Stripe once it loaded. */
export type PaymentReadiness =
  | { status: "loading" }
  | { status: "ready"; stripe: StripeBridge | null }
  | { status: "unavailable" };

/** Card number in groups of four as it is typed (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY as it is typed: the slash comes by itself after the month. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
