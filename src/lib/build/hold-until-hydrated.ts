// The core of Gelora's two client directives (client:interact, client:eager): until an island has
// hydrated, a click on one of its buttons or boxes and a submit of its form are held (default
// prevented) and the last one is replayed on the same element once React handles it (hydration keeps
// the elements). Without this, a LOGIN tapped before React has taken the form over is the browser's
// own form POST, which comes back as the empty page (a password manager fills a form at once), and
// "Lupa Password?" or the eye would do nothing. Links are left alone. If the island's code cannot
// load, the form falls back to what the browser does by itself, and the held tap is replayed for it.
import type { ClientDirective } from 'astro';

/** What a click may set off before hydration: held and replayed. */
const CONTROLS = 'button, input[type="checkbox"], input[type="radio"], input[type="submit"]';

/** Holds `el`'s taps and submits until the returned `start` has hydrated the island (or failed to). */
export function holdUntilHydrated(load: Parameters<ClientDirective>[0], el: HTMLElement): () => Promise<void> {
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

  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  return start;
}
