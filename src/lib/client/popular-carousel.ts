// The popular-match carousel (swiper): advances every 3 s with a 0.5 s transition and loops. A
// visitor's click opens the 'Silahkan Daftar atau Login!' dialog; a member's slides are links.
// Swiper is loaded once the carousel is on screen, and advanced by a plain 3-second timer rather
// than its Autoplay module, whose per-frame progress callback kept the main thread busy (a
// Lighthouse TBT of seconds on a throttled phone).
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../shared/constants.ts';
import { popularMatches as t } from '../shared/messages/football.ts';

export function mount(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog');
  if (dialog) {
    root.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      if (target.closest('[data-prompt]')) dialog.showModal();
      if (target.closest('[data-close]')) dialog.close();
    });
  }
  const container = root.querySelector<HTMLElement>('.swiper');
  if (!container || container.querySelectorAll('.swiper-slide').length < 2) return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    void start(root, container);
  });
  observer.observe(container);
}

async function start(root: HTMLElement, container: HTMLElement): Promise<void> {
  const [{ default: Swiper }, { A11y }] = await Promise.all([import('swiper'), import('swiper/modules')]);
  const swiper = new Swiper(container, {
    modules: [A11y],
    loop: true,
    speed: CAROUSEL_TRANSITION_MS,
    slidesPerView: 1,
    spaceBetween: 12,
    breakpoints: { 640: { slidesPerView: 2 }, 960: { slidesPerView: 3 } },
    a11y: { prevSlideMessage: t.previous, nextSlideMessage: t.next },
  });
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let paused = false;
  const pause = () => (paused = true);
  const resume = () => (paused = false);
  root.addEventListener('pointerenter', pause);
  root.addEventListener('pointerleave', resume);
  root.addEventListener('focusin', pause);
  root.addEventListener('focusout', resume);
  root.dataset['autoplay'] = 'on';
  setInterval(() => {
    if (!paused && document.visibilityState === 'visible' && !root.querySelector('dialog[open]')) swiper.slideNext();
  }, CAROUSEL_INTERVAL_MS);
}
