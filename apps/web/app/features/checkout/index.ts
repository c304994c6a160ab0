export { CheckoutPage } from "./checkout-page";
