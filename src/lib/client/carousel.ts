// Carousels that advance every 3 s (000 §2 popular matches, 001 §2 lobby banners). Moving content
// must be stoppable (WCAG 2.2.2): the carousel's switch (CarouselToggle.astro) pauses it until
// pressed again. Besides, the timer waits while a pointer is on the slides or the keyboard is in
// them, while the tab is hidden, and while a dialog in the carousel is open; while reduced motion is
// asked for (the setting is followed as it changes), it does not run and the switch is hidden.
//
// Two kinds: the popular matches use Swiper (several cards per view on wide screens, looping),
// loaded only once the carousel is on screen; the lobby's banners, one full-width image at a time,
// are a native scroll-snap strip that the finger swipes without any library (Swiper cost the lobby
// 60 KB of script and 170 ms of blocking time on a throttled phone). Neither uses Swiper's Autoplay
// module, whose per-frame progress callback kept the main thread busy.
import type { SwiperOptions } from 'swiper/types';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS } from '../shared/constants.ts';
import { carousel as t } from '../shared/messages/shell.ts';

/**
 * Calls `step` every 3 s while nobody is looking at or handling the slides (see above), and tells
 * `rotating` whenever the carousel starts or stops turning by itself. `root` holds the switch
 * ([data-carousel-toggle]) and `slides` the slides: the pointer or the focus on the switch pauses
 * nothing, so that pressing it to resume does resume.
 */
function autoAdvance(root: HTMLElement, slides: HTMLElement, step: () => void, rotating: (on: boolean) => void = () => {}): void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  let stopped = false;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const update = () => {
    const reduced = reducedMotion.matches;
    const on = !reduced && !stopped && !hovered && !focused;
    // A fresh 3 s after each resume: the slide someone just left does not jump away at once.
    if (on && timer === undefined) {
      timer = setInterval(() => {
        if (document.visibilityState === 'visible' && !root.querySelector('dialog[open]')) step();
      }, CAROUSEL_INTERVAL_MS);
    } else if (!on && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    if (reduced) delete root.dataset['autoplay'];
    else root.dataset['autoplay'] = stopped ? 'off' : 'on';
    if (toggle) {
      // The switch hides under the keyboard's focus: the focus goes to the slides, not the page's start.
      if (reduced && document.activeElement === toggle) {
        if (!slides.hasAttribute('tabindex')) slides.tabIndex = -1;
        slides.focus({ preventScroll: true });
      }
      toggle.hidden = reduced;
      toggle.toggleAttribute('data-paused', stopped);
      toggle.querySelector('[data-label]')!.textContent = stopped ? t.play : t.pause;
    }
    rotating(on);
  };
  slides.addEventListener('pointerenter', () => ((hovered = true), update()));
  slides.addEventListener('pointerleave', () => ((hovered = false), update()));
  slides.addEventListener('focusin', () => ((focused = true), update()));
  slides.addEventListener('focusout', (e) => ((focused = e.relatedTarget instanceof Node && slides.contains(e.relatedTarget)), update()));
  toggle?.addEventListener('click', () => ((stopped = !stopped), update()));
  reducedMotion.addEventListener('change', update);
  update();
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
  const { Swiper, A11y } = await import('./swiper-a11y.ts');
  const swiper = new Swiper(container, {
    modules: [A11y],
    loop: true,
    speed: CAROUSEL_TRANSITION_MS,
    slidesPerView: 1,
    spaceBetween: 12,
    ...(options.breakpoints && { breakpoints: options.breakpoints }),
    // The wrapper's aria-live is ours (Swiper's A11y sets it once, from the Autoplay module we do
    // not use): 'off' while the slides turn by themselves, so that a screen reader is not read a
    // new card every 3 s, and 'polite' when they move only when asked to.
    a11y: { prevSlideMessage: options.labels.previous, nextSlideMessage: options.labels.next, wrapperLiveRegion: false },
  });
  autoAdvance(root, container, () => swiper.slideNext(), (on) => swiper.wrapperEl.setAttribute('aria-live', on ? 'off' : 'polite'));
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
    autoAdvance(root, strip, () => strip.scrollTo({ left: ((current() + 1) % slides.length) * strip.clientWidth, behavior: 'smooth' })),
  );
}
