import {
  imageSrcSet,
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

/** A section's photo: half the 1200 px layout beside its text from 768 px, else at most 728 px. */
const SECTION_SIZES = {
  "two-column":
    "(min-width: 1200px) 560px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)",
  centered: "min(728px, 100vw - 32px)",
};

/** The page's banner: 16:9 on a narrow screen, 13:5 from 768 px, across the layout. */
const BANNER_SIZES = "min(1168px, 100vw - 32px)";

function Section({ section }: { section: NormalizedSection }) {
  const image = section.image ? (
    <ResponsiveImage
      src={section.image}
      alt={section.imageAlt ?? ""}
      width={728}
      height={485}
      shape="photo"
      sizes={section.layout === "two-column" ? SECTION_SIZES["two-column"] : SECTION_SIZES.centered}
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
          <picture>
            <source
              media="(min-width: 768px)"
              srcSet={imageSrcSet(page.image, "banner")}
              sizes={BANNER_SIZES}
              width={1456}
              height={560}
            />
            <ResponsiveImage
              src={page.image}
              alt={page.imageAlt ?? ""}
              width={1456}
              height={819}
              shape="wide"
              sizes={BANNER_SIZES}
              fetchPriority="high"
              className="page-image"
            />
          </picture>
        ) : null}
        {blocks.map((block) => (
          <Html key={block.key} className="rich-text text-block" html={block.html} />
        ))}
        {sections.map((section) =>
          section.layout === "widget" ? (
            section.widget && widgets[section.widget] ? (
              <section
                key={section.key}
                className={`section section-widget section-widget-${section.widget}`}
                aria-labelledby={section.title ? `${section.key}-title` : undefined}
              >
                {section.title ? (
                  <Html
                    as="h2"
                    id={`${section.key}-title`}
                    className="section-title"
                    html={section.title}
                  />
                ) : null}
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
