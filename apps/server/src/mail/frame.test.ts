import { describe, expect, it } from "vitest";
import { textAsHtml } from "./frame.ts";

describe("a mail's text as HTML, for a message without HTML of its own", () => {
  it("links web addresses without the punctuation that ends the sentence, and escapes the rest", () => {
    expect(textAsHtml("See https://shop.test/orders/1?key=a&b=2. <b>Thanks</b>\n\nBye")).toBe(
      '<p>See <a href="https://shop.test/orders/1?key=a&amp;b=2">https://shop.test/orders/1?key=a&amp;b=2</a>. &lt;b&gt;Thanks&lt;/b&gt;</p><p>Bye</p>',
    );
  });
});
