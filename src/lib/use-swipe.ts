// Vertical swipes on touch screens: up opens the menu sheet from the bottom navigation, down closes it.
import { useRef, type TouchEvent } from 'react';

const swipeDistance = 40;

export function useSwipe(onSwipeUp?: () => void, onSwipeDown?: () => void) {
  const start = useRef<number | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      start.current = event.touches[0]?.clientY ?? null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const end = event.changedTouches[0]?.clientY;
      if (start.current === null || end === undefined) return;
      const moved = end - start.current;
      if (moved < -swipeDistance) onSwipeUp?.();
      if (moved > swipeDistance) onSwipeDown?.();
      start.current = null;
    },
  };
}
