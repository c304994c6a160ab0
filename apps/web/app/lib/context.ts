import type { Currency } from "@storefront/domain";
import "react-router";

declare module "react-router" {
  /** Given by the server (apps/server/src/web.ts): calls this server's API in-process. */
  interface AppLoadContext {
    api(path: string): Promise<{ status: number; body: unknown }>;
    /**
     * This answer's Content-Security-Policy nonce, for the inline scripts React Router writes (on
     * a shared page, a marker the server replaces by the scripts' hashes).
     */
    cspNonce: string;
    /**
     * The page is rendered for every visitor (the server's page cache keeps it): the root loader
     * reads no cart or sign-in; the browser asks for them after hydration.
     */
    sharedPage: boolean;
    /** The currency the page's prices are in. */
    currency: Currency;
  }
}
