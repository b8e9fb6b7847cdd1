// Registers Gelora's own Astro client directives (hydrate-on-interaction.ts, hydrate-eager.ts).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'gelora-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./hydrate-on-interaction.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'eager',
          entrypoint: fileURLToPath(new URL('./hydrate-eager.ts', import.meta.url)),
        });
      },
    },
  };
}
