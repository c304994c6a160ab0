import { Link, useRouteLoaderData } from "react-router";
import { CheckoutPage } from "~/features/checkout";
import type { FrameHandle } from "~/features/layout";
import { pageMeta, privatePageHeaders, type RootData, rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/checkout";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataOf(matches);
  return [
    ...pageMeta({
      title: "Checkout",
      description: "Your shipping address, shipping method and card, and the total you pay.",
      canonical: `${root?.origin ?? ""}/checkout`,
      store: root?.store,
    }),
    { name: "robots", content: "noindex" },
  ];
}

// A slim frame: the logo and a way back to the cart, nothing that leads away from paying.
export const handle: FrameHandle = { frameless: true };

export default function CheckoutRoute() {
  const store = useRouteLoaderData<RootData>("root")?.store;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="checkout-header">
        <div className="container checkout-header-inner">
          {store ? (
            <Link to="/" className="checkout-logo" aria-label={`${store.brandName} home`}>
              <img src={store.logo} alt={store.brandName} width={600} height={200} />
            </Link>
          ) : null}
          <Link to="/cart" className="checkout-return">
            Return to cart
          </Link>
        </div>
      </header>
      <main id="main" className="site-main">
        <div className="container checkout-page">
          <h1 className="page-title">Checkout</h1>
          {store ? <CheckoutPage storeInfo={store} /> : null}
        </div>
      </main>
    </>
  );
}
