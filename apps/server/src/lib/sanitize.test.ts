import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize.ts";

describe("content HTML sanitiser", () => {
  it.each([
    ["<style>", "<style>body{display:none}</style><p>Hi</p>", "<p>Hi</p>"],
    [
      "a form and its controls",
      '<form action="https://evil.example"><input name="card"><button>Pay</button></form><p>Hi</p>',
      // The elements go; their words stay as plain text.
      "Pay<p>Hi</p>",
    ],
    [
      "a textarea and a select",
      "<textarea>x</textarea><select><option>a</option></select><p>Hi</p>",
      "xa<p>Hi</p>",
    ],
    [
      "a style attribute that overlays the page",
      '<div style="position:fixed;inset:0;z-index:9999">Sale</div>',
      "<div>Sale</div>",
    ],
    [
      "a stylesheet link",
      '<link rel="stylesheet" href="https://evil.example/x.css"><p>Hi</p>',
      "<p>Hi</p>",
    ],
    ["a script", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ["an event handler", '<img src="/a.png" onerror="alert(1)">', '<img src="/a.png" />'],
    [
      "a javascript: link's target",
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt&colon;alert(1)">y</a>',
      "<a>x</a><a>y</a>",
    ],
    [
      "an id or name that could clobber the page's globals",
      '<img name="location" src="/a.png"><p id="cookie">Hi</p>',
      '<img src="/a.png" /><p>Hi</p>',
    ],
    [
      "an iframe and an inline SVG",
      '<iframe src="https://evil.example"></iframe><svg><text>x</text></svg><p>Hi</p>',
      "<p>Hi</p>",
    ],
  ])("drops %s", (_what, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it("keeps what the content sections need: headings, text, lists, links, images, tables", () => {
    const html =
      '<h2>Care</h2><p><strong>Calm</strong> <em>paws</em> <a href="/pages/faq">FAQ</a></p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><img src="/media/a.webp" alt="A dog" />' +
      "<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>S</td></tr></tbody></table>" +
      "<blockquote>Q</blockquote><br /><hr />";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("gives the same HTML when run again on its own answer (the web sanitises what the server stored)", () => {
    const once = sanitizeHtml('<p class="lead">Tom &amp; "Jerry" <img src="/a.png"><b>bold</p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
