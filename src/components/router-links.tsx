// Mantine's anchor-like components as TanStack Router links (typed routes, preloading, aria-current).
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { createLink } from '@tanstack/react-router';
import { Anchor, Button, NavLink, type AnchorProps, type ButtonProps, type NavLinkProps } from '@mantine/core';

const NavLinkAnchor = forwardRef<HTMLAnchorElement, NavLinkProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));
NavLinkAnchor.displayName = 'NavLinkAnchor';

const AnchorLink = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
));
AnchorLink.displayName = 'AnchorLink';

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';

export const RouterNavLink = createLink(NavLinkAnchor);
export const RouterAnchor = createLink(AnchorLink);
export const RouterButton = createLink(ButtonAnchor);
