import "./checkout.css";

export { CheckoutPage } from "./checkout-page";
