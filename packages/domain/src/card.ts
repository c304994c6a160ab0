/** Card checks shared by the checkout page and the built-in test processor. */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

/** The digits of a card number as typed (spaces and dashes allowed). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/**
 * The Luhn checksum every card number satisfies.
 * @example luhnValid("4242 4242 4242 4242") // true
 */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(d)) return "mastercard";
  if (/^3[47]/.test(d)) return "amex";
  if (/^6(011|5)/.test(d)) return "discover";
  return "unknown";
}

/** Whether MM/YY is this month or later (a card is valid to the end of its month). */
export function expiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return fullYear * 12 + (month - 1) >= thisMonth;
}

/** Three digits, four for American Express. */
export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return brand === "amex" ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

export const CARD_MESSAGES = {
  number: "Your card number is invalid.",
  expiry: "Your card's expiration date is invalid or in the past.",
  cvc: "Your card's security code is invalid.",
} as const;
