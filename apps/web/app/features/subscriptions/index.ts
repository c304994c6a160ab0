export { SubscriptionList } from "./subscription-list";
