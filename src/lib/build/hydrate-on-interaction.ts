// Astro client directive `client:interact`: hydrates an island the first time a person points at,
// touches, focuses or types into it. The home page's login form uses it, so a visitor who only
// reads the page never downloads React (the home page stays light on a cheap phone); the form keeps
// what was typed before hydration, and a submit before hydration is a harmless POST to the page.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
};

export default hydrateOnInteraction;
