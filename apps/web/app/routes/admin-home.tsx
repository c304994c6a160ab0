import { redirect } from "react-router";

// The dashboard's first screen is the orders, until the analytics dashboard lands.
export function loader() {
  throw redirect("/admin/orders");
}

export default function AdminHome() {
  return null;
}
