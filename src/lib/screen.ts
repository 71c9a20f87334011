// The screen size every layout and view agrees on.
import { useMediaQuery } from '@mantine/hooks';

/** Mobile layout below 1024 px (spec §9 "mobile breakpoint 1024"). */
export const mobileBreakpoint = 1024;
const smallScreenQuery = `(max-width: ${mobileBreakpoint - 0.02}px)`;

export function useIsSmallScreen(): boolean {
  return useMediaQuery(smallScreenQuery, false, { getInitialValueInEffect: false }) ?? false;
}

/** Phone-sized screens (below Mantine's sm, 576 px): headers fold their secondary controls. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 575.98px)', false, { getInitialValueInEffect: false }) ?? false;
}
