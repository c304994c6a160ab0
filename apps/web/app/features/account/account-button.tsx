import { Link } from "react-router";
import { useAccountStore } from "./account-store";
import { useAccountUser } from "./use-account";

/** The top bar's account entry: who is signed in (a link to /account), or Sign in. */
export function AccountButton() {
  const user = useAccountUser();
  const open = useAccountStore((s) => s.open);
  if (user) {
    return (
      <Link to="/account" className="account-link">
        Hi, {user.first_name}
      </Link>
    );
  }
  return (
    <button type="button" className="cart-button" onClick={() => open("sign-in")}>
      Sign in
    </button>
  );
}
