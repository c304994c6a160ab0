export { reviewsJsonLd } from "./reviews-json-ld";
export { ReviewsWidget } from "./reviews-widget";
