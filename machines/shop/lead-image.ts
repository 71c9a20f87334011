// The image a product shows first: its default image, else the first one, else its own image field. One rule
// for the product card and page (src/features/shop) and the static shell's first row (src/app/boot/boot-shell.ts),
// whose cards the app's list replaces in place.

export interface ProductImages {
  image?: string | null;
  images: readonly { id: string; url: string }[];
  default_image_id?: string | null;
}

export const leadImage = (product: ProductImages): string | null =>
  product.images.find((image) => image.id === product.default_image_id)?.url ?? product.images[0]?.url ?? product.image ?? null;
