// YouTube through its own IFrame Player API (https://www.youtube.com/iframe_api), loaded only for a lesson
// that needs it, from the privacy-enhanced host. The API has no progress event: while the video plays,
// the player is asked for its time every second.
import { loadScript, type CreatePlayer } from './player';

interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  mute(): void;
  unMute(): void;
  getCurrentTime(): number;
  getDuration(): number;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

interface YouTubeApi {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      host: string;
      width: string;
      height: string;
      playerVars: Record<string, string | number>;
      events: {
        onReady: () => void;
        onStateChange: (event: { data: number }) => void;
        onError: () => void;
      };
    },
  ) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeApi;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const state = { ended: 0, playing: 1, paused: 2 } as const;
const progressEvery = 1_000;

/** The video id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/) or of a bare id. */
export function youTubeId(link: string): string | null {
  const trimmed = link.trim();
  if (/^[\w-]{11}$/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    const fromQuery = url.searchParams.get('v');
    if (fromQuery && /^[\w-]{11}$/.test(fromQuery)) return fromQuery;
    const fromPath = /^\/(?:embed\/|shorts\/|live\/)?([\w-]{11})(?:[/?]|$)/.exec(url.pathname)?.[1];
    return /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/.test(url.hostname) ? (fromPath ?? null) : null;
  } catch {
    return null;
  }
}

function loadYouTubeApi(): Promise<YouTubeApi> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  return new Promise((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    loadScript('https://www.youtube.com/iframe_api', () => Boolean(window.YT?.Player)).catch(reject);
  });
}

export const createYouTubePlayer: CreatePlayer = (host, { link, startAt, title }, events) => {
  const videoId = youTubeId(link);
  let player: YouTubePlayer | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let destroyed = false;
  const mount = document.createElement('div');
  host.appendChild(mount);
  const report = () => player && events.progress(player.getCurrentTime(), player.getDuration());
  const stopReporting = () => clearInterval(timer);
  if (!videoId) {
    queueMicrotask(() => events.failed());
  } else {
    loadYouTubeApi().then(
      (api) => {
        if (destroyed) return;
        player = new api.Player(mount, {
          videoId,
          host: 'https://www.youtube-nocookie.com',
          width: '100%',
          height: '100%',
          playerVars: { start: Math.floor(startAt), rel: 0, playsinline: 1 },
          events: {
            onReady: () => {
              player?.getIframe().setAttribute('title', title);
              events.ready();
            },
            onStateChange: ({ data }) => {
              stopReporting();
              if (data === state.playing) {
                events.play();
                timer = setInterval(report, progressEvery);
              } else if (data === state.paused) {
                report();
                events.pause();
              } else if (data === state.ended) {
                events.ended();
              }
            },
            onError: () => events.failed(),
          },
        });
      },
      () => {
        if (!destroyed) events.failed();
      },
    );
  }
  return {
    reset() {
      stopReporting();
      player?.pauseVideo();
      player?.seekTo(0, true);
      player?.mute();
    },
    destroy() {
      destroyed = true;
      stopReporting();
      player?.destroy();
      mount.remove();
    },
  };
};
