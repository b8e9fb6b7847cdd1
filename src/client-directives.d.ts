// Types of Gelora's own client directives (registered in src/lib/build/directives.ts).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island. */
    'client:interact'?: boolean;
    /** Hydrate at once (client:load), holding a tap or submit made before hydration until it is done. */
    'client:eager'?: boolean;
  }
}
