import type { StoreInfo } from "@storefront/domain";
import type { ReactNode } from "react";
import { AccountModal } from "~/features/account";
import { CartDrawer, useSeedCart } from "~/features/cart";
import { QuickViewDialog } from "~/features/quick-view";
import { PressStrip } from "./press-strip";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { TopCallout } from "./top-callout";

/** The shared page frame: callout banner, sticky top bar, page, press strip, footer. */
export function SiteFrame({ store, children }: { store: StoreInfo; children: ReactNode }) {
  useSeedCart();
  return (
    <div className="site">
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
      <CartDrawer />
      <QuickViewDialog />
      <AccountModal />
    </div>
  );
}
