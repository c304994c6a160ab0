import { imageVariantUrl } from "@storefront/domain";
import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string };

/** Requests the `_728.webp` variant of an image and falls back to the original on error. */
export function ResponsiveImage({ src, alt, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // A load error before hydration fires no React event: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? src : imageVariantUrl(src)}
      alt={alt}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
