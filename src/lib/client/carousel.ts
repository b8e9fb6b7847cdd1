// Swiper carousels that advance every 3 s with a 0.5 s transition and loop (000 §2 popular matches,
// 001 §2 lobby banners). Swiper is loaded only once the carousel is on screen, and advanced by a
// plain 3-second timer rather than its Autoplay module, whose per-frame progress callback kept the
// main thread busy (a Lighthouse TBT of seconds on a throttled phone). The timer waits while a
// pointer or the keyboard is on the carousel, while the tab is hidden, and while a dialog in it is
// open; with reduced motion asked for, it never runs.
import type { SwiperOptions } from 'swiper/types';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../shared/constants.ts';

export interface CarouselOptions {
  /** Slides side by side per viewport width (default: one). */
  breakpoints?: SwiperOptions['breakpoints'];
  /** The previous/next slide labels Swiper's A11y module announces. */
  labels: { previous: string; next: string };
}

/** Starts the `.swiper` inside `root` once it is on screen; a single slide stays as rendered. */
export function mountCarousel(root: HTMLElement, options: CarouselOptions): void {
  const container = root.querySelector<HTMLElement>('.swiper');
  if (!container || container.querySelectorAll('.swiper-slide').length < 2) return;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    void start(root, container, options);
  });
  observer.observe(container);
}

async function start(root: HTMLElement, container: HTMLElement, options: CarouselOptions): Promise<void> {
  const [{ default: Swiper }, { A11y }] = await Promise.all([import('swiper'), import('swiper/modules')]);
  const swiper = new Swiper(container, {
    modules: [A11y],
    loop: true,
    speed: CAROUSEL_TRANSITION_MS,
    slidesPerView: 1,
    spaceBetween: 12,
    ...(options.breakpoints && { breakpoints: options.breakpoints }),
    a11y: { prevSlideMessage: options.labels.previous, nextSlideMessage: options.labels.next },
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
