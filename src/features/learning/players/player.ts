// One interface for every video player of a lesson (YouTube, Vimeo, a plain file): each reports the
// same events (the lesson flow's video.*) and can be reset (paused, back to the start, muted) and removed.
// A provider's player (and its script) loads only when a lesson needs it.
import { createContext } from 'react';
import type { VideoKind } from '../../../../machines/learning/lesson.types';

export type PlayerKind = Exclude<VideoKind, 'none'>;

export interface PlayerEvents {
  ready(): void;
  failed(): void;
  play(): void;
  pause(): void;
  progress(seconds: number, duration: number): void;
  ended(): void;
}

export interface PlayerControl {
  /** Pause, back to the start, mute: the member is going to another lecture. */
  reset(): void;
  destroy(): void;
}

export interface PlayerOptions {
  link: string;
  /** Where to start, in seconds (the member's resume point). */
  startAt: number;
  /** The accessible name of the player (the lecture's name). */
  title: string;
}

export type CreatePlayer = (host: HTMLElement, options: PlayerOptions, events: PlayerEvents) => PlayerControl;

/** How each kind of player is loaded; tests give fakes. */
export type PlayerLoaders = Record<PlayerKind, () => Promise<CreatePlayer>>;

export const defaultPlayers: PlayerLoaders = {
  youtube: () => import('./youtube-player').then((module) => module.createYouTubePlayer),
  vimeo: () => import('./vimeo-player').then((module) => module.createVimeoPlayer),
  file: () => import('./file-player').then((module) => module.createFilePlayer),
};

export const PlayersContext = createContext<PlayerLoaders>(defaultPlayers);

/** Loads a provider's script once; a failed load (offline, blocked) can be tried again later. */
export function loadScript(src: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  const existing = pendingScripts.get(src);
  if (existing) return existing;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      pendingScripts.delete(src);
      script.remove();
      reject(new Error(`${src} did not load`));
    };
    document.head.appendChild(script);
  });
  pendingScripts.set(src, loading);
  return loading;
}

const pendingScripts = new Map<string, Promise<void>>();
