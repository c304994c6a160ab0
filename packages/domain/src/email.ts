/**
 * One mailbox, however it is written: what "once per customer" and "your own code" compare.
 * Lower-cased and trimmed; a `+tag` after the local part is dropped (Gmail, Outlook, iCloud,
 * Fastmail, Proton and most others deliver `name+tag@` to `name@`); for Gmail, whose addresses
 * ignore dots, dots go too and googlemail.com is gmail.com.
 * @example normalizeEmail(" J.Doe+shop@GoogleMail.com ") // "jdoe@gmail.com"
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
