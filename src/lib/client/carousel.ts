// Carousels that advance every 3 s (000 §2 popular matches, 001 §2 lobby banners). The timer waits
// while a pointer or the keyboard is on the carousel, while the tab is hidden, and while a dialog in
// it is open; with reduced motion asked for, it never runs.
//
// Two kinds: the popular matches use Swiper (several cards per view on wide screens, looping),
// loaded only once the carousel is on screen; the lobby's banners, one full-width image at a time,
// are a native scroll-snap strip that the finger swipes without any library (Swiper cost the lobby
// 60 KB of script and 170 ms of blocking time on a throttled phone). Neither uses Swiper's Autoplay
// module, whose per-frame progress callback kept the main thread busy.
import type { SwiperOptions } from 'swiper/types';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../shared/constants.ts';

/** Calls `step` every 3 s while nobody is looking at or handling the carousel (see above). */
function autoAdvance(root: HTMLElement, step: () => void): void {
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
    if (!paused && document.visibilityState === 'visible' && !root.querySelector('dialog[open]')) step();
  }, CAROUSEL_INTERVAL_MS);
}

/** Runs `start` once `el` is on screen. */
function whenVisible(el: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  observer.observe(el);
}

export interface SwiperCarouselOptions {
  /** Slides side by side per viewport width (default: one). */
  breakpoints?: SwiperOptions['breakpoints'];
  /** The previous/next slide labels Swiper's A11y module announces. */
  labels: { previous: string; next: string };
}

/** Starts the `.swiper` inside `root` once it is on screen; a single slide stays as rendered. */
export function mountSwiper(root: HTMLElement, options: SwiperCarouselOptions): void {
  const container = root.querySelector<HTMLElement>('.swiper');
  if (!container || container.querySelectorAll('.swiper-slide').length < 2) return;
  whenVisible(container, () => void startSwiper(root, container, options));
}

async function startSwiper(root: HTMLElement, container: HTMLElement, options: SwiperCarouselOptions): Promise<void> {
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
  autoAdvance(root, () => swiper.slideNext());
}

/**
 * A strip of full-width slides (`[data-strip]`, CSS scroll-snap) inside `root`: every 3 s it scrolls
 * to the next slide, and from the last back to the first. The slide in view carries
 * `data-current`. A single slide stays as rendered.
 */
export function mountStrip(root: HTMLElement): void {
  const strip = root.querySelector<HTMLElement>('[data-strip]');
  const slides = strip ? [...strip.children].filter((c): c is HTMLElement => c instanceof HTMLElement) : [];
  if (!strip || slides.length < 2) return;
  const current = () => Math.min(slides.length - 1, Math.max(0, Math.round(strip.scrollLeft / strip.clientWidth)));
  const mark = () => slides.forEach((s, i) => s.toggleAttribute('data-current', i === current()));
  mark();
  strip.addEventListener('scrollend', mark);
  whenVisible(strip, () =>
    autoAdvance(root, () => strip.scrollTo({ left: ((current() + 1) % slides.length) * strip.clientWidth, behavior: 'smooth' })),
  );
}
