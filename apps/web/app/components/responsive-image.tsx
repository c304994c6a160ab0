import { type ImageShape, imageSrcSet, imageVariantUrl } from "@storefront/domain";
import type { ImgHTMLAttributes, SyntheticEvent } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  /** The slot's shape: every size is cropped to it (none: the image's own). */
  shape?: ImageShape;
};

/**
 * Requests the `_728.webp` variant of an image (the server makes it from the original when it is
 * missing) and falls back to the original on error. Given the slot's `sizes`, it offers the
 * browser every width (IMAGE_WIDTHS) to choose from.
 */
export function ResponsiveImage({ src, alt, shape, sizes, ...rest }: Props) {
  const fallBack = ({ currentTarget: img }: SyntheticEvent<HTMLImageElement>) => {
    if (img.getAttribute("src") === src) return;
    // (In a <picture>, its sources would still be chosen over the img's own.)
    for (const source of img.parentElement?.querySelectorAll("source") ?? []) source.srcset = "";
    img.srcset = "";
    img.src = src;
  };
  return (
    <img
      src={imageVariantUrl(src)}
      srcSet={sizes && imageSrcSet(src, shape)}
      sizes={sizes}
      alt={alt}
      onError={fallBack}
      {...rest}
    />
  );
}
