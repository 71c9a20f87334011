// A layout's sidebar that its page fills: the layout route owns the sidebar's place (and its code loads
// with the layout), the page renders into it through a portal, inside its own providers.
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The sidebar element of the current layout, once it is on screen. */
export const SidebarSlot = createContext<HTMLElement | null>(null);

export function SidebarPortal({ children }: { children: ReactNode }) {
  const node = useContext(SidebarSlot);
  return node ? createPortal(children, node) : null;
}
