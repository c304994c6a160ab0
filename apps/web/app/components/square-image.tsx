import { ResponsiveImage } from "./responsive-image";

// In a file of its own, so that a page which shows no line (the product page) does not carry it.
/**
 * A square image `size` px wide that only illustrates what is written beside it (its alt is
 * empty): a line's picture, a thumbnail.
 */
export function SquareImage({
  src,
  size,
  loading,
  className,
}: {
  src: string;
  size: number;
  loading?: "lazy";
  className?: string;
}) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      width={size}
      height={size}
      shape="square"
      sizes={`${size}px`}
      loading={loading}
      className={className}
    />
  );
}
