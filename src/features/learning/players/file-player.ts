// A plain video file (a lecture with an empty video_type and a link): the browser's own player.
import type { CreatePlayer } from './player';

export const createFilePlayer: CreatePlayer = (host, { link, startAt, title }, events) => {
  const video = document.createElement('video');
  video.controls = true;
  video.preload = 'metadata';
  video.playsInline = true;
  video.setAttribute('aria-label', title);
  video.style.width = '100%';
  video.style.height = '100%';
  video.style.background = '#000';
  let ready = false;
  const progress = () => events.progress(video.currentTime, Number.isFinite(video.duration) ? video.duration : 0);
  video.addEventListener('loadedmetadata', () => {
    if (startAt > 0 && startAt < video.duration) video.currentTime = startAt;
    ready = true;
    events.ready();
  });
  video.addEventListener('error', () => {
    if (!ready) events.failed();
  });
  video.addEventListener('play', () => events.play());
  video.addEventListener('pause', () => {
    progress();
    events.pause();
  });
  video.addEventListener('timeupdate', progress);
  video.addEventListener('ended', () => events.ended());
  video.src = link;
  host.appendChild(video);
  return {
    reset() {
      video.pause();
      video.currentTime = 0;
      video.muted = true;
    },
    destroy() {
      video.pause();
      video.removeAttribute('src');
      video.load();
      video.remove();
    },
  };
};
