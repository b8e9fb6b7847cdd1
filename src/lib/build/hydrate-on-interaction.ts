// Astro client directive `client:interact`: hydrates an island the first time a person points at,
// touches, focuses or types into it. The home page's login form uses it, so a visitor who only
// reads the page never downloads React (the home page stays light on a cheap phone); the form keeps
// what was typed before hydration.
//
// The first tap starts loading React, but its click lands before React has taken the form over: a
// LOGIN would be the browser's own form POST, and "Lupa Password?" or the eye would do nothing. So
// until hydration ends, a click on a button or box and a submit are held (default prevented) and
// the last one is replayed on the same element once React handles it (hydration keeps the
// elements). Links are left alone. If the island's code cannot load, the form falls back to
// what the browser does by itself, and the held tap is replayed for that.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** What a click may set off before hydration: held and replayed. */
const CONTROLS = 'button, input[type="checkbox"], input[type="radio"], input[type="submit"]';

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  let hydrated = false;
  let replay: (() => void) | undefined;

  const hold = (event: Event) => {
    if (hydrated) return;
    if (event.type === 'submit') {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      replay ??= () => form.requestSubmit(submitter);
    } else {
      const control = (event.target as Element | null)?.closest(CONTROLS);
      if (!control || !el.contains(control)) return;
      event.preventDefault();
      // A click replaces an earlier submit: Enter in a field clicks the submit button, then submits.
      replay = () => (control as HTMLElement).click();
    }
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      // Hydrated, or failed to: either way the held tap goes to whoever handles it now.
      hydrated = true;
      el.removeEventListener('click', hold, true);
      el.removeEventListener('submit', hold, true);
      const pending = replay;
      replay = undefined;
      pending?.();
    }
  };

  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
};

export default hydrateOnInteraction;
