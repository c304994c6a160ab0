export { CollectionControls } from "./collection-controls";
export { Price } from "./price";
export { ProductCard, ProductGrid } from "./product-card";
export { ProductGallery } from "./product-gallery";
export { VariantPicker } from "./variant-picker";
