// Astro client directive `client:interact`: hydrates an island the first time a person points at,
// touches, focuses or types into it. The home page's login form uses it, so a visitor who only
// reads the page never downloads React (the home page stays light on a cheap phone); the form keeps
// what was typed before hydration (useTypedBeforeHydration), and the first tap, which starts loading
// React, is held and replayed once React handles it (hold-until-hydrated.ts).
import type { ClientDirective } from 'astro';
import { holdUntilHydrated } from './hold-until-hydrated.ts';

const EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  const start = holdUntilHydrated(load, el);
  const onFirst = () => {
    for (const type of EVENTS) el.removeEventListener(type, onFirst, true);
    void start();
  };
  for (const type of EVENTS) el.addEventListener(type, onFirst, { capture: true, passive: true });
};

export default hydrateOnInteraction;
