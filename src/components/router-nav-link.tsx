// Mantine's NavLink as a TanStack Router link (typed routes, preloading, aria-current). Its own module: the
// menus use it, the auth pages do not (NavLink brings Collapse along).
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { createLink } from '@tanstack/react-router';
import { NavLink, type NavLinkProps } from '@mantine/core';

const NavLinkAnchor = forwardRef<HTMLAnchorElement, NavLinkProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));
NavLinkAnchor.displayName = 'NavLinkAnchor';

export const RouterNavLink = createLink(NavLinkAnchor);
