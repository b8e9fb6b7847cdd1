// Astro client directive `client:eager`: hydrates at once, as client:load does, for a form that must
// act on load (the login page's 'Sesi Anda telah berakhir' notice; the registration page clears a
// stored session, 000 §4), and holds a tap or submit made before React has taken the form over until
// it has (hold-until-hydrated.ts): a returning member's password manager fills the form at once, and
// a LOGIN tapped then was the browser's own POST, which came back as the empty page.
import type { ClientDirective } from 'astro';
import { holdUntilHydrated } from './hold-until-hydrated.ts';

const hydrateEager: ClientDirective = (load, _options, el) => {
  void holdUntilHydrated(load, el)();
};

export default hydrateEager;
