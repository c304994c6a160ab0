import type { StoreInfo } from "@storefront/domain";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useMatches } from "react-router";
import {
  LazyAccountModal,
  useAccountStore,
  useAccountUser,
  useSeedAccount,
} from "~/features/account";
import { Analytics } from "~/features/analytics";
import { LazyCartDrawer, useCartStore, useSeedCart } from "~/features/cart";
import { LazyQuickViewDialog, useQuickView } from "~/features/quick-view";
import { PressStrip } from "./press-strip";
import { RouteAnnouncer } from "./route-announcer";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { TopCallout } from "./top-callout";

// The support chat's button is rendered by the server; its code loads apart from the page's and
// hydrates it then (one element for every render, as the header's search bar).
const ChatLauncher = lazy(() => import("~/features/chat"));
const chat = (
  <Suspense>
    <ChatLauncher />
  </Suspense>
);

/**
 * Renders an overlay (loaded lazily: no page needs its code to show or hydrate) from the first
 * time it opens on, so it keeps its state and closes as a dialog does.
 */
function OnceOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A route's handle: `frameless` routes (checkout) draw their own header and main. */
export interface FrameHandle {
  frameless?: boolean;
}

/** The shared page frame: callout banner, sticky top bar, page, press strip, footer. */
export function SiteFrame({ store, children }: { store: StoreInfo; children: ReactNode }) {
  useSeedCart();
  useSeedAccount();
  const cartOpen = useCartStore((s) => s.drawerOpen);
  const quickViewOpen = useQuickView((s) => s.isOpen);
  const accountOpen = useAccountStore((s) => s.isOpen);
  const user = useAccountUser();
  // A route whose handle asks for no frame (checkout) draws its own slim header and main.
  const frameless = useMatches().some((m) => (m.handle as FrameHandle | undefined)?.frameless);
  return (
    <div className="site">
      <RouteAnnouncer />
      {frameless ? (
        children
      ) : (
        <>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <TopCallout callout={store.TopCallOutSection} />
          <SiteHeader store={store} />
          <main id="main" className="site-main">
            {children}
          </main>
          {store.TopPageCallout ? <PressStrip strip={store.TopPageCallout} /> : null}
          <SiteFooter store={store} />
        </>
      )}
      <OnceOpened isOpen={cartOpen}>
        <LazyCartDrawer guest={user === null} />
      </OnceOpened>
      <OnceOpened isOpen={quickViewOpen}>
        <LazyQuickViewDialog />
      </OnceOpened>
      <OnceOpened isOpen={accountOpen}>
        <LazyAccountModal />
      </OnceOpened>
      {chat}
      <Analytics store={store} />
    </div>
  );
}
