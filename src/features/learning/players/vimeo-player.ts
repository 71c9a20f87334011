// Vimeo through its own Player API (https://player.vimeo.com/api/player.js), loaded only for a lesson that
// needs it; do-not-track on.
import { loadScript, type CreatePlayer } from './player';

interface VimeoPlayer {
  ready(): Promise<void>;
  on(event: 'play' | 'pause' | 'ended', listener: () => void): void;
  on(event: 'timeupdate' | 'seeked', listener: (data: { seconds: number; duration: number }) => void): void;
  pause(): Promise<void>;
  setCurrentTime(seconds: number): Promise<number>;
  setMuted(muted: boolean): Promise<boolean>;
  destroy(): Promise<void>;
}

declare global {
  interface Window {
    Vimeo?: { Player: new (element: HTMLElement, options: { url: string; dnt: boolean; responsive: boolean; title: boolean }) => VimeoPlayer };
  }
}

/** A Vimeo link (vimeo.com/123, player.vimeo.com/video/123) or a bare numeric id, as a link the player takes. */
export function vimeoUrl(link: string): string | null {
  const trimmed = link.trim();
  if (/^\d+$/.test(trimmed)) return `https://vimeo.com/${trimmed}`;
  try {
    const url = new URL(trimmed);
    if (!/(^|\.)vimeo\.com$/.test(url.hostname)) return null;
    const id = /\/(?:video\/)?(\d+)(?:[/?]|$)/.exec(url.pathname)?.[1];
    return id ? `https://vimeo.com/${id}` : null;
  } catch {
    return null;
  }
}

const ignore = () => {};

export const createVimeoPlayer: CreatePlayer = (host, { link, startAt, title }, events) => {
  const url = vimeoUrl(link);
  let player: VimeoPlayer | null = null;
  let destroyed = false;
  const mount = document.createElement('div');
  host.appendChild(mount);
  if (!url) {
    queueMicrotask(() => events.failed());
  } else {
    loadScript('https://player.vimeo.com/api/player.js', () => Boolean(window.Vimeo?.Player))
      .then(async () => {
        if (destroyed || !window.Vimeo) return;
        const created = new window.Vimeo.Player(mount, { url, dnt: true, responsive: true, title: false });
        player = created;
        created.on('play', () => events.play());
        created.on('pause', () => events.pause());
        created.on('ended', () => events.ended());
        created.on('timeupdate', ({ seconds, duration }) => events.progress(seconds, duration));
        created.on('seeked', ({ seconds, duration }) => events.progress(seconds, duration));
        await created.ready();
        mount.querySelector('iframe')?.setAttribute('title', title);
        if (startAt > 0) await created.setCurrentTime(startAt).catch(ignore);
        if (!destroyed) events.ready();
      })
      .catch(() => {
        if (!destroyed) events.failed();
      });
  }
  return {
    reset() {
      void player?.pause().catch(ignore);
      void player?.setCurrentTime(0).catch(ignore);
      void player?.setMuted(true).catch(ignore);
    },
    destroy() {
      destroyed = true;
      void player?.destroy().catch(ignore);
      mount.remove();
    },
  };
};
