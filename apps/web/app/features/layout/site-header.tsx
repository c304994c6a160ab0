import type { StoreInfo } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

/** True while the page is scrolled to the very top. */
function useAtTop(): boolean {
  const [atTop, setAtTop] = useState(true);
  useEffect(() => {
    const update = () => setAtTop(window.scrollY <= 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return atTop;
}

/** Closes any open <details> menu inside `ref` when the route changes. */
function useCloseMenusOnNavigate(ref: React.RefObject<HTMLElement | null>) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => {
    for (const d of ref.current?.querySelectorAll("details[open]") ?? []) d.removeAttribute("open");
  }, [location.pathname, ref]);
}

export function SiteHeader({ store }: { store: StoreInfo }) {
  const atTop = useAtTop();
  const ref = useRef<HTMLElement>(null);
  useCloseMenusOnNavigate(ref);
  const { menus, links } = store.Navbar;
  return (
    <header ref={ref} className="site-header" data-scrolled={atTop ? undefined : ""}>
      <div className="site-header-inner">
        <details className="mobile-menu">
          <summary>Menu</summary>
          <nav aria-label="Mobile">
            {menus.map((menu) => (
              <div key={menu.label} className="mobile-menu-group">
                <p className="mobile-menu-title">{menu.label}</p>
                <ul>
                  {menu.items.map((item) => (
                    <li key={item.href}>
                      <Link to={item.href}>{item.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <ul>
              {links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <Link to="/" className="logo" aria-label={`${store.brandName} home`}>
          <img src={store.logo} alt={store.brandName} width={600} height={200} />
        </Link>
        <nav className="main-nav" aria-label="Main">
          <ul>
            {menus.map((menu) => (
              <li key={menu.label}>
                <details className="dropdown">
                  <summary>{menu.label}</summary>
                  <ul>
                    {menu.items.map((item) => (
                      <li key={item.href}>
                        <Link to={item.href}>{item.label}</Link>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
