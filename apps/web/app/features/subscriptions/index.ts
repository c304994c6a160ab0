import "./subscriptions.css";

export { SubscriptionList } from "./subscription-list";
