// The widget's styles load with the page: its first page of reviews is in the server's HTML.
import "./reviews.css";
import { lazy } from "react";

export { reviewsJsonLd } from "./reviews-json-ld";

let widget: Promise<typeof import("./reviews-widget")> | null = null;

/**
 * Starts loading the widget's code: a product page calls it as soon as its own code runs in the
 * browser, so the code arrives while the page hydrates, not after a click.
 */
export function preloadReviewsWidget() {
  widget ??= import("./reviews-widget");
  return widget;
}

/**
 * The reviews widget, its code loaded apart from the page's: the server renders it into the
 * HTML, and the browser hydrates it once its code arrives (a Suspense boundary around it).
 */
export const ReviewsWidget = lazy(preloadReviewsWidget);
