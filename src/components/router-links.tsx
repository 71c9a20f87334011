// Mantine's anchor-like components as TanStack Router links (typed routes, preloading, aria-current); the
// NavLink one is in router-nav-link.tsx.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { createLink } from '@tanstack/react-router';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';

const AnchorLink = forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
));
AnchorLink.displayName = 'AnchorLink';

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';

export const RouterAnchor = createLink(AnchorLink);
export const RouterButton = createLink(ButtonAnchor);
