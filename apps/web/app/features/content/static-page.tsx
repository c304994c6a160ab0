import {
  isEmptyPage,
  type NormalizedSection,
  normalizeSections,
  type PageDocument,
  type PageWidget,
  textBlocks,
} from "@storefront/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Html } from "~/components/html";
import { ResponsiveImage } from "~/components/responsive-image";

export type StaticPageState =
  | { status: "loading"; name: string }
  | { status: "error"; name: string; message: string }
  | { status: "ready"; name: string; page: PageDocument | null };

/** What the route renders where a page places a widget; a widget it does not give is left out. */
export type PageWidgets = Partial<Record<PageWidget, ReactNode>>;

function SectionButton({ label, href }: { label: string; href: string }) {
  return /^[a-z]+:\/\//i.test(href) ? (
    <a className="button" href={href} rel="noopener">
      {label}
    </a>
  ) : (
    <Link className="button" to={href}>
      {label}
    </Link>
  );
}

function SectionText({ section }: { section: NormalizedSection }) {
  return (
    <>
      {section.title ? <Html as="h2" className="section-title" html={section.title} /> : null}
      {section.subheading ? (
        <p
          className="section-subheading"
          style={section.subheadingColor ? { color: section.subheadingColor } : undefined}
        >
          {section.subheading}
        </p>
      ) : null}
      {section.content ? <Html className="rich-text" html={section.content} /> : null}
      {section.button && section.buttonLink ? (
        <SectionButton label={section.button} href={section.buttonLink} />
      ) : null}
    </>
  );
}

function Section({ section }: { section: NormalizedSection }) {
  const image = section.image ? (
    <ResponsiveImage
      src={section.image}
      alt={section.imageAlt ?? ""}
      width={728}
      height={485}
      loading="lazy"
      className="section-image"
    />
  ) : null;
  if (section.layout === "two-column") {
    return (
      <section
        className="section section-two-column"
        data-img-left={section.imgLeft ? "" : undefined}
      >
        <div className="section-media">{image}</div>
        <div className="section-body">
          <SectionText section={section} />
        </div>
      </section>
    );
  }
  return (
    <section className="section section-centered">
      {image}
      <SectionText section={section} />
    </section>
  );
}

/** A content-managed page in each of its states (spec: "Static page"). */
export function StaticPageView({
  state,
  widgets = {},
}: {
  state: StaticPageState;
  widgets?: PageWidgets;
}) {
  if (state.status === "loading") {
    return <p className="container page-state">Loading...</p>;
  }
  if (state.status === "error") {
    return <p className="container page-state">Error: {state.message}</p>;
  }
  const page = state.page;
  const blocks = page ? textBlocks(page) : [];
  const sections = page ? normalizeSections(page.sections) : [];
  if (!page || isEmptyPage(page)) {
    return <p className="container page-state">No content available (Page: {state.name})</p>;
  }
  return (
    <article
      className="static-page"
      style={{
        backgroundColor: page.backgroundColor,
        color: page.textColor,
        textAlign: page.textAlign ?? "center",
      }}
    >
      <div className="container">
        {page.title ? <Html as="h1" className="page-title" html={page.title} /> : null}
        {page.image ? (
          <ResponsiveImage
            src={page.image}
            alt={page.imageAlt ?? ""}
            width={1456}
            height={819}
            fetchPriority="high"
            className="page-image"
          />
        ) : null}
        {blocks.map((block) => (
          <Html key={block.key} className="rich-text text-block" html={block.html} />
        ))}
        {sections.map((section) =>
          section.layout === "widget" ? (
            section.widget && widgets[section.widget] ? (
              <section key={section.key} className="section section-widget">
                {widgets[section.widget]}
              </section>
            ) : null
          ) : (
            <Section key={section.key} section={section} />
          ),
        )}
      </div>
    </article>
  );
}
