import "react-router";

declare module "react-router" {
  /** Given by the server (apps/server/src/web.ts): calls this server's API in-process. */
  interface AppLoadContext {
    api(path: string): Promise<{ status: number; body: unknown }>;
    /** This answer's Content-Security-Policy nonce, for the inline scripts React Router writes. */
    cspNonce: string;
  }
}
