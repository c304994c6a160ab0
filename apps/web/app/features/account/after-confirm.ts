const KEY = "storefront:after-confirm";

/**
 * Where the confirmation link of a registration made here should lead once opened in this
 * browser (the checkout a guest was paying for), instead of the account page.
 */
export function returnAfterConfirm(path: string): void {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the link leads to the account page, as it does elsewhere.
  }
}

/** The place to go after confirming (once), or null: only a path on this site. */
export function takeReturnAfterConfirm(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return path?.startsWith("/") && !path.startsWith("//") ? path : null;
  } catch {
    return null;
  }
}
