// The screen size every layout and view agrees on.
import { useMediaQuery } from '@mantine/hooks';

/** Mobile layout below 1024 px (spec §9 "mobile breakpoint 1024"). */
export const mobileBreakpoint = 1024;
const smallScreenQuery = `(max-width: ${mobileBreakpoint - 0.02}px)`;

export function useIsSmallScreen(): boolean {
  return useMediaQuery(smallScreenQuery, false, { getInitialValueInEffect: false }) ?? false;
}
