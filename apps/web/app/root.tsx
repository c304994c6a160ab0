// Every font a theme can name (THEME_FONTS): a browser downloads only the faces its page uses.
import "@fontsource/fraunces/latin-400.css";
import "@fontsource/fraunces/latin-700.css";
import "@fontsource/literata/latin-400.css";
import "@fontsource/literata/latin-700.css";
import "@fontsource/nunito-sans/latin-400.css";
import "@fontsource/nunito-sans/latin-700.css";
import "@fontsource/work-sans/latin-400.css";
import "@fontsource/work-sans/latin-700.css";
import "./app.css";
import { type StoreInfo, themeVariables } from "@storefront/domain";
import type { CSSProperties, ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { ErrorPage, NotFound } from "~/components/not-found";
import { footerNote, SiteFrame } from "~/features/layout";
import * as api from "~/lib/api";
import { forPage, inProcess, unlessRefused } from "~/lib/api.server";
import { useNonce } from "~/lib/nonce";
import type { RootData } from "~/lib/seo";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The store as every page shows it: its footer's `{{year}}` filled in on the server, and
 * without the promises under Add to cart, which the product page's loader renders (no page
 * needs to carry them, in every currency, in its data).
 */
async function storeOf(context: Route.LoaderArgs["context"]): Promise<StoreInfo> {
  const store = await api.stores.info({ via: forPage(context) });
  const note = store.Footer.note;
  return {
    ...store,
    Footer: note ? { ...store.Footer, note: footerNote(note) } : store.Footer,
    ProductTrust: [],
  };
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const origin = new URL(request.url).origin;
  const { currency } = context;
  if (context.sharedPage) {
    const store = await storeOf(context);
    const themeStyle = themeVariables(store.theme);
    return { store, personal: false, cart: null, auth: null, currency, origin, themeStyle };
  }
  // A cart that cannot be read must not stop the visitor from browsing: the page renders
  // without it and the browser asks again.
  const [store, cart, auth] = await Promise.all([
    storeOf(context),
    unlessRefused(api.cart.get({ via: inProcess(context) })),
    unlessRefused(api.session.status({ via: inProcess(context) })),
  ]);
  return {
    store,
    personal: true,
    cart,
    auth,
    currency,
    origin,
    themeStyle: themeVariables(store.theme),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  // The admin screens have a frame of their own (routes/admin.tsx); its loader's data is there
  // only for the store's admins, so anyone else's 404 shows in the storefront's frame.
  const admin = useRouteLoaderData("routes/admin") !== undefined;
  const nonce = useNonce();
  const style = data?.themeStyle as CSSProperties | undefined;
  return (
    <html lang="en" style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.store.theme.colors.primary ?? "#b83424"} />
        <Meta />
        <Links />
      </head>
      <body>
        {data && !admin ? <SiteFrame store={data.store}>{children}</SiteFrame> : children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage title="Something went wrong" message="Please try again in a moment." />;
}
