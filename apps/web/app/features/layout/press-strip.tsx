import type { PressStrip as PressStripData } from "@storefront/domain";

/** 'As featured in' logos; hidden below the medium breakpoint by CSS. */
export function PressStrip({ strip }: { strip: PressStripData }) {
  return (
    <section className="press-strip" aria-label={strip.title}>
      <h2 className="press-strip-title">{strip.title}</h2>
      <ul>
        {strip.logos.map((logo) => (
          <li key={logo.name}>
            <img src={logo.image} alt={logo.name} width={180} height={60} loading="lazy" />
          </li>
        ))}
      </ul>
    </section>
  );
}
