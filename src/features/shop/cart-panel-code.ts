// The cart panel's code, loaded when the cart first opens (src/app/pages/shop-frame.tsx), or earlier when
// the cart button has the pointer or the focus: one import, so both share the request.
let panelCode: Promise<typeof import('./cart-panel')> | null = null;

export function loadCartPanel(): Promise<typeof import('./cart-panel')> {
  panelCode ??= import('./cart-panel').catch((error: unknown) => {
    // A failed load (a dropped connection) is tried again the next time the panel is asked for.
    panelCode = null;
    throw error;
  });
  return panelCode;
}
